import os from 'node:os';
import { mariadbDatabase } from '../databases';
import { buildAsNpmStartDoes } from '../deployed';
import { ApiLoadClient } from './apiLoadClient';
import { type ScaleoutPlan, type ScaleoutRow, scaleoutRun, type ScaleoutSettings } from './scaleoutRun';
import { scaleoutTable } from './scaleoutTable';

const numberFromEnv = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** Its own database, so neither the other suites' `bench` nor the tests' `test` is touched. */
const DATABASE_URL = process.env.BENCH_SCALEOUT_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/bench_scaleout';
const RATE = numberFromEnv('BENCH_SCALEOUT_RATE', 100);
const SETTINGS: ScaleoutSettings = {
  targets: numberFromEnv('BENCH_SCALEOUT_TARGETS', 10_000),
  connections: numberFromEnv('BENCH_SCALEOUT_CONNECTIONS', 100),
  workspaces: numberFromEnv('BENCH_SCALEOUT_WORKSPACES', 10),
  apiSeconds: numberFromEnv('BENCH_SCALEOUT_API_SECONDS', 30),
  warmupSeconds: numberFromEnv('BENCH_SCALEOUT_WARMUP_SECONDS', 3),
  dueInMs: numberFromEnv('BENCH_SCALEOUT_DUE_IN_MS', 2000),
  redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
};

/** The rows, by the names BENCH_SCALEOUT_ROWS picks them with; the scale-out row last, after its baselines. */
const EVERY: ScaleoutPlan['loadOn'] = 'every workspace';
const PLANS: Record<string, ScaleoutPlan> = {
  engine1: { name: '1 worker, no API load', apiProcesses: 0, workers: 1, publish: true, rate: 0, loadOn: EVERY },
  engine3: { name: '3 workers, no API load', apiProcesses: 0, workers: 3, publish: true, rate: 0, loadOn: EVERY },
  api1: { name: 'API load alone, 1 API process', apiProcesses: 1, workers: 0, publish: false, rate: RATE, loadOn: EVERY },
  api3: { name: 'API load alone, 3 API processes', apiProcesses: 3, workers: 0, publish: false, rate: RATE, loadOn: EVERY },
  scaleout: { name: '3 API processes + 3 workers', apiProcesses: 3, workers: 3, publish: true, rate: RATE, loadOn: EVERY },
  // The same, every request of the load on one workspace: its creates all move one post_counts row.
  scaleout1ws: { name: '3 API + 3 workers, load on one workspace', apiProcesses: 3, workers: 3, publish: true, rate: RATE, loadOn: 'one workspace' },
};
const ROWS = (process.env.BENCH_SCALEOUT_ROWS ?? Object.keys(PLANS).join(',')).split(',');

/**
 * Issue 25, item 5: API processes (`WORKER=off npm start`, built) and worker processes side
 * by side on one MariaDB database and one Redis, the seeded targets falling due at one
 * instant while a fixed rate of posts.get / posts.list / posts.create is spread over the API
 * processes; beside it, in the same run, the engine without API load and the API load
 * without the engine. Every row on a fresh database; each target must be called exactly once.
 */
export async function scaleoutSuite(): Promise<string> {
  console.log(
    `## Scale-out: ${SETTINGS.targets} targets (${SETTINGS.connections} Twitter connections over ${SETTINGS.workspaces} workspaces, zero-latency publisher) due ${SETTINGS.dueInMs} ms after the processes are up, API load ${RATE} req/s open loop (${SETTINGS.warmupSeconds} s warm-up; ${SETTINGS.apiSeconds} s where nothing is due), on ${new URL(DATABASE_URL).pathname.slice(1)} and ${SETTINGS.redisUrl}`,
  );
  buildAsNpmStartDoes();
  const load = new ApiLoadClient();
  const rows: ScaleoutRow[] = [];
  try {
    for (const name of ROWS) {
      const plan = PLANS[name];
      if (plan === undefined) throw new Error(`BENCH_SCALEOUT_ROWS: no row named ${name} (${Object.keys(PLANS).join(', ')})`);
      const database = await mariadbDatabase(DATABASE_URL);
      if ('unreachable' in database) {
        const note = `MariaDB SKIPPED: ${database.unreachable}`;
        console.log(`\n!! ${note}\n`);
        return `### Scale-out\n\n${note}`;
      }
      try {
        console.log(`${plan.name} (load average before: ${os.loadavg()[0]!.toFixed(2)})`);
        const row = await scaleoutRun(database, plan, SETTINGS, load);
        console.log(`  ${summary(row)}`);
        for (const failure of row.tickFailures) console.log(`  a tick failed: ${failure}`);
        for (const sample of row.load?.samples ?? []) console.log(`  a request went wrong: ${sample}`);
        rows.push(row);
      } finally {
        await database.cleanup();
      }
    }
  } finally {
    load.close();
  }
  return scaleoutTable(rows, SETTINGS.targets);
}

function summary(row: ScaleoutRow): string {
  const parts: string[] = [`${row.seconds.toFixed(1)} s measured`];
  if (row.engine !== null) {
    parts.push(
      `${row.engine.targetsPerSecond.toFixed(0)} targets/s, lag p50 ${row.engine.lagP50Ms.toFixed(0)} ms p99 ${row.engine.lagP99Ms.toFixed(0)} ms, calls per worker ${row.engine.callsPerWorker.join(' / ')}, failed ticks ${row.failedTicks}`,
    );
  }
  if (row.load !== null) {
    parts.push(
      `API ${row.load.sent} sent (${row.load.perProcess.join(' / ')} per process), ${row.load.ok} ok, p50 ${row.load.all.p50Ms.toFixed(1)} ms p99 ${row.load.all.p99Ms.toFixed(1)} ms max ${row.load.all.maxMs.toFixed(0)} ms`,
    );
  }
  if (row.limit !== null) {
    parts.push(
      `rate limit counted once across processes: ${row.limit.probeCountedOnce}, load key ${row.limit.loadCounted} counted of ${row.limit.loadSent} sent`,
    );
  }
  const c = row.cores;
  parts.push(
    `cores API ${c.api?.toFixed(2) ?? 'n/a'}, workers ${c.workers?.toFixed(2) ?? 'n/a'}, MariaDB ${c.database?.toFixed(2) ?? 'n/a'} (${c.databaseBefore?.toFixed(2) ?? 'n/a'} before the row), Redis ${c.redis?.toFixed(2) ?? 'n/a'}`,
  );
  return parts.join('; ');
}
