import os from 'node:os';
import { type BenchDatabase, MARIADB_URL, mariadbDatabase, sqliteDatabase } from './databases';
import { LoadClient } from './loadClient';
import { type LoadResult, type SequencedRequest } from './loadProtocol';
import { growth, type MemorySample, peakRssDuring, sampleMemory } from './memory';
import { seedPosts } from './seed';
import { settleAfterSeed } from './settle';
import { startService, threadBody } from './service';

/**
 * `npm run soak`: the real service on SQLite and on MariaDB, a mix of reads and writes held at
 * 80 % of the capacity just measured for that same mix, for 60 s. Passes when no request
 * failed (errors and non-2xx both 0) and memory after a full collection is flat within 10 %
 * between the start and the end of the run (docs/reliability.md).
 */
const numberFromEnv = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SECONDS = numberFromEnv('SOAK_SECONDS', 60);
const CAPACITY_SECONDS = numberFromEnv('SOAK_CAPACITY_SECONDS', 10);
const LOAD_SHARE = numberFromEnv('SOAK_LOAD', 0.8);
const CONNECTIONS = numberFromEnv('SOAK_CONNECTIONS', 16);
const POSTS = numberFromEnv('SOAK_POSTS', 10_000);
const DATABASES = (process.env.SOAK_DATABASES ?? 'sqlite,mariadb').split(',');
const MEMORY_TOLERANCE = 0.1;

interface Soaked {
  readonly database: string;
  readonly capacity: number;
  readonly rate: number;
  readonly result: LoadResult;
  readonly start: MemorySample;
  readonly end: MemorySample;
  readonly peakRssMiB: number;
}

async function main(): Promise<void> {
  console.log(`# Dispatch soak, ${new Date().toISOString()}`);
  console.log(`machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`);
  console.log(
    `mix per connection: posts.get, posts.list (limit 20), posts.get, posts.create; ${CONNECTIONS} connections; capacity over ${CAPACITY_SECONDS} s, then ${SECONDS} s at ${LOAD_SHARE * 100} % of it`,
  );
  if (sampleMemory().afterGc === false) console.log('!! run with node --expose-gc (npm run soak does): heap figures include garbage');
  const load = new LoadClient();
  const results: Soaked[] = [];
  try {
    for (const kind of DATABASES) {
      const database = kind === 'sqlite' ? sqliteDatabase() : await mariadbDatabase();
      if ('unreachable' in database) throw new Error(`MariaDB unreachable at ${new URL(MARIADB_URL).host}: ${database.unreachable}`);
      try {
        results.push(await soak(database, load));
      } finally {
        await database.cleanup();
      }
    }
  } finally {
    load.close();
  }
  console.log(`\n${report(results)}\n`);
  const failed = results.filter((r) => !passed(r));
  if (failed.length > 0) throw new Error(`soak failed on ${failed.map((r) => r.database).join(', ')}`);
}

async function soak(database: BenchDatabase, load: LoadClient): Promise<Soaked> {
  console.log(
    `\n## ${database.name} (load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  const service = await startService(database.env);
  try {
    const base = service.server.baseUrl;
    const postsPath = `/v1/workspaces/${service.workspaceId}/posts`;
    const auth = { authorization: `Bearer ${service.apiKey}` };
    const created = await fetch(`${base}${postsPath}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(threadBody(service.connectionId, 'soak template')),
    });
    if (!created.ok) throw new Error(`creating the first post answered ${created.status}: ${await created.text()}`);
    const postId = ((await created.json()) as { id: string }).id;
    await seedPosts(service.dataSource, postId, POSTS - 1);
    console.log(`seeded ${POSTS} posts; ${await settleAfterSeed(service.dataSource)}`);

    const requests = mix(postsPath, postId, service.connectionId, auth);
    const common = { url: base, method: 'GET' as const, headers: {}, requests, connections: CONNECTIONS };
    const measured = await load.measure({ ...common, warmupSeconds: 2, seconds: CAPACITY_SECONDS });
    const capacity = measured.requestsPerSecond;
    const rate = Math.floor(capacity * LOAD_SHARE);
    console.log(
      `capacity: ${capacity.toFixed(0)} req/s (p99 ${measured.p99Ms} ms, ${measured.non2xx} non-2xx, ${measured.errors} errors); soaking at ${rate} req/s`,
    );

    await service.server.idle();
    const start = sampleMemory();
    const { result, peakRssMiB } = await peakRssDuring(() => load.measure({ ...common, overallRate: rate, warmupSeconds: 0, seconds: SECONDS }));
    await service.server.idle();
    const end = sampleMemory();
    const soaked = { database: database.name, capacity, rate, result, start, end, peakRssMiB };
    console.log(report([soaked]));
    return soaked;
  } finally {
    await service.close();
  }
}

/** Three reads for one write, each connection sending them in this order. */
function mix(postsPath: string, postId: string, connectionId: string, auth: Record<string, string>): SequencedRequest[] {
  const get: SequencedRequest = { method: 'GET', path: `${postsPath}/${postId}`, headers: auth };
  return [
    get,
    { method: 'GET', path: `${postsPath}?limit=20`, headers: auth },
    get,
    {
      method: 'POST',
      path: postsPath,
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(threadBody(connectionId, 'soak')),
    },
  ];
}

function passed(r: Soaked): boolean {
  return (
    r.result.errors === 0 &&
    r.result.non2xx === 0 &&
    growth(r.start.heapUsedMiB, r.end.heapUsedMiB) <= MEMORY_TOLERANCE &&
    growth(r.start.rssMiB, r.end.rssMiB) <= MEMORY_TOLERANCE
  );
}

function report(results: readonly Soaked[]): string {
  const mib = (n: number) => n.toFixed(1);
  const percent = (n: number) => `${n >= 0 ? '+' : ''}${(n * 100).toFixed(1)} %`;
  const header =
    '| database | capacity req/s | soak req/s (target) | requests | errors | non-2xx | p50 ms | p99 ms | max ms | RSS start → end MiB | heap start → end MiB | peak RSS MiB | verdict |';
  const rule = '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |';
  const rows = results.map((r) =>
    [
      r.database,
      r.capacity.toFixed(0),
      `${r.result.requestsPerSecond.toFixed(0)} (${r.rate})`,
      String(r.result.ok + r.result.non2xx),
      String(r.result.errors),
      String(r.result.non2xx),
      r.result.p50Ms.toFixed(1),
      r.result.p99Ms.toFixed(1),
      r.result.maxMs.toFixed(0),
      `${mib(r.start.rssMiB)} → ${mib(r.end.rssMiB)} (${percent(growth(r.start.rssMiB, r.end.rssMiB))})`,
      `${mib(r.start.heapUsedMiB)} → ${mib(r.end.heapUsedMiB)} (${percent(growth(r.start.heapUsedMiB, r.end.heapUsedMiB))})`,
      mib(r.peakRssMiB),
      passed(r) ? 'pass' : 'FAIL',
    ].join(' | '),
  );
  return [header, rule, ...rows.map((row) => `| ${row} |`)].join('\n');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
