import os from 'node:os';
import { analyticsSuite } from './analyticsSuite';
import { bombsSuite } from './bombs';
import { MARIADB_URL, mariadbDatabase, sqliteDatabase } from './databases';
import { engineSuite } from './engine/engineSuite';
import { benchmark, type HttpOptions } from './httpBench';
import { LoadClient } from './loadClient';
import { scaleoutSuite } from './scaleout/scaleoutSuite';

/**
 * `npm run bench`: the real service on SQLite and on MariaDB, 100,000 posts in one workspace,
 * posts.get / posts.list / posts.create under load next to two baselines measured in the
 * same run, the service built and started as `npm start` does and each baseline in a process
 * of its own, the in-process figures beside them (the `http` suite, bench/httpBench.ts); the analytics over a year of 100,000 published posts next to
 * GET /v1/me (the `analytics` suite, bench/analyticsSuite.ts); then the publishing engine's
 * throughput and lag next to the bare queue's (the `engine` suite, bench/engine/); `bombs`
 * (bench/bombs.ts) measures memory under decompression bombs; `scaleout` (bench/scaleout/) runs
 * API and worker processes side by side on one MariaDB and Redis. BENCH_SUITES picks the suites
 * (default `http,analytics,engine`).
 * Everything listens on 127.0.0.1 and stops by itself.
 */
const numberFromEnv = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const POSTS = numberFromEnv('BENCH_POSTS', 100_000);
const SECONDS = numberFromEnv('BENCH_SECONDS', 5);
const WARMUP_SECONDS = numberFromEnv('BENCH_WARMUP_SECONDS', 1);
const CONNECTIONS = numberFromEnv('BENCH_CONNECTIONS', 16);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,mariadb').split(',');
const PROFILE = process.env.BENCH_PROFILE === '1';
const SUITES = (process.env.BENCH_SUITES ?? 'http,analytics,engine').split(',');
const SHAPE = { connections: CONNECTIONS, warmupSeconds: WARMUP_SECONDS, seconds: SECONDS };
const HTTP: HttpOptions = {
  posts: POSTS,
  shape: SHAPE,
  profile: PROFILE,
  rows: process.env.BENCH_ROWS === 'core' ? 'core' : 'all',
  inProcess: process.env.BENCH_IN_PROCESS !== '0',
};

async function main(): Promise<void> {
  console.log(`# Dispatch benchmark, ${new Date().toISOString()}`);
  console.log(
    `machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}, ${os.platform()} ${os.release()}`,
  );
  console.log('');
  const tables: string[] = [];
  if (SUITES.includes('http')) tables.push(await httpSuite());
  if (SUITES.includes('analytics')) tables.push(await analyticsSuite(DATABASES, SHAPE));
  if (SUITES.includes('engine')) tables.push(await engineSuite(DATABASES));
  if (SUITES.includes('bombs')) tables.push(await bombsSuite());
  if (SUITES.includes('scaleout')) tables.push(await scaleoutSuite());
  console.log(`\n## Results\n\n${tables.join('\n\n')}\n`);
  if (SUITES.includes('http') || SUITES.includes('analytics')) {
    console.log('Ratios: req/s of the row divided by req/s of the baseline (1.000 = as fast). p50/p99: autocannon, 1 ms resolution.');
    console.log(
      'server CPU: CPU time of the process serving the row (read from /proc for a process of its own) per second of wall time (1.00 = one core busy).',
    );
  }
  if (SUITES.includes('engine')) {
    console.log(
      "Engine: targets/s from the first call to the last; vs baseline = targets/s over the bare queue's claim+complete jobs/s on the same database; lag = call time - scheduledAt.",
    );
  }
}

/** The HTTP hot path on each database; its tables. */
async function httpSuite(): Promise<string> {
  console.log(
    `load: autocannon in a child process, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s measured per row; ${POSTS} posts in the workspace`,
  );
  console.log(
    'the service as `npm start` runs it (node dist/config/main.js, built first if stale: worker on, default log level, access log on) in a process of its own, each baseline in a process of its own; then, beside it, the in-process figures',
  );
  if (PROFILE) console.log('BENCH_PROFILE=1: the in-process rows are CPU-profiled, which slows them: do not record these figures');
  console.log('');
  const load = new LoadClient();
  const tables: string[] = [];
  try {
    for (const kind of DATABASES) {
      const database = kind === 'sqlite' ? sqliteDatabase() : await mariadbDatabase();
      if ('unreachable' in database) {
        const note = `MariaDB SKIPPED: cannot connect to ${new URL(MARIADB_URL).host} (${database.unreachable})`;
        console.log(`\n!! ${note}\n`);
        tables.push(`### MariaDB\n\n${note}`);
        continue;
      }
      try {
        tables.push(await benchmark(database, load, HTTP));
      } finally {
        await database.cleanup();
      }
    }
  } finally {
    load.close();
  }
  return tables.join('\n\n');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
