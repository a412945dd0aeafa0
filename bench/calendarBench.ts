import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { publishedTimeOf } from './calendar';
import { calendarDiagnostics, calendarRatio, calendarRows, expectedListTotal } from './calendarRows';
import { type BenchDatabase, MARIADB_URL, mariadbDatabase, sqliteDatabase } from './databases';
import { LoadClient } from './loadClient';
import { type LoadRequest, type ServerLoadResult } from './loadProtocol';
import { shapeForOverview } from './overviewSeed';
import { type Measured } from './report';
import { seedPosts } from './seed';
import { startService, threadBody } from './service';
import { settleAfterSeed } from './settle';
import { sqlCounter } from './sqlCounter';

/**
 * The calendar's rows alone (docs/performance.md, "Issue 21: the calendar"): the http suite's
 * seed, shaping and rows (bench/calendarRows.ts), without its other rows, so the ratio can be
 * measured again in a few minutes. `npx tsx bench/calendarBench.ts`; BENCH_DATABASES,
 * BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_CONNECTIONS, BENCH_POSTS and BENCH_MYSQL_URL as
 * for `npm run bench`; BENCH_ROUNDS repeats the six rows on the same seed.
 */
const numberFromEnv = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const POSTS = numberFromEnv('BENCH_POSTS', 100_000);
const SHAPE = {
  connections: numberFromEnv('BENCH_CONNECTIONS', 16),
  warmupSeconds: numberFromEnv('BENCH_WARMUP_SECONDS', 1),
  seconds: numberFromEnv('BENCH_SECONDS', 5),
};
const ROUNDS = numberFromEnv('BENCH_ROUNDS', 1);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,mariadb').split(',');

async function main(): Promise<void> {
  console.log(`# Calendar rows, ${new Date().toISOString()}, ${os.cpus().length} CPUs, node ${process.version}; ${POSTS} posts, ${JSON.stringify(SHAPE)}`);
  const load = new LoadClient();
  try {
    for (const kind of DATABASES) {
      const database = kind === 'sqlite' ? sqliteDatabase() : await mariadbDatabase();
      if ('unreachable' in database) {
        console.log(`MariaDB SKIPPED: cannot connect to ${new URL(MARIADB_URL).host} (${database.unreachable})`);
        continue;
      }
      try {
        await calendarOn(database, load);
      } finally {
        await database.cleanup();
      }
    }
  } finally {
    load.close();
  }
}

async function calendarOn(database: BenchDatabase, load: LoadClient): Promise<void> {
  console.log(
    `\n## ${database.name} (load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  const service = await startService(database.env);
  try {
    const { dataSource, workspaceId } = service;
    const headers = { authorization: `Bearer ${service.apiKey}` };
    const postsUrl = `${service.server.baseUrl}/v1/workspaces/${workspaceId}/posts`;
    const template = await send({
      url: postsUrl,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(threadBody(service.connectionId, 'template')),
    });
    await seedPosts(dataSource, (template as { id: string }).id, POSTS - 1, publishedTimeOf);
    const shaped = await shapeForOverview(dataSource, workspaceId);
    console.log(`seeded ${POSTS} posts; ${shaped.scheduled} scheduled, ${shaped.failed} failed; ${await settleAfterSeed(dataSource)}`);
    const counted = sqlCounter(dataSource);
    for (let round = 1; round <= ROUNDS; round++) {
      const rows: Measured[] = [];
      for (const row of calendarRows(postsUrl, headers)) {
        await service.server.idle();
        const { result: body, statements } = await counted(() => send(row.request));
        const expected = await expectedListTotal(row.name, POSTS, { dataSource, workspaceId, scheduled: shaped.scheduled });
        const total = (body as { total: number }).total;
        if (total !== expected) throw new Error(`${row.name} reports total ${total}, expected ${expected}`);
        const result = await measureWithCpu(load, row.request);
        console.log(
          `${row.name}: ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99Ms.toFixed(1)} ms, server CPU ${result.serverCpu.toFixed(2)}, ${statements.length} SQL/req`,
        );
        rows.push({ operation: row.name, result, statements: statements.length });
      }
      console.log([`round ${round}:`, ...calendarRatio(rows)].join('\n'));
    }
    await service.server.idle();
    console.log((await calendarDiagnostics(dataSource, workspaceId)).join('\n'));
  } finally {
    await service.close();
  }
}

async function measureWithCpu(load: LoadClient, request: Omit<LoadRequest, 'connections' | 'warmupSeconds' | 'seconds'>): Promise<ServerLoadResult> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await load.measure({ ...request, ...SHAPE });
  const cpu = process.cpuUsage(cpuBefore);
  return { ...result, serverCpu: (cpu.user + cpu.system) / 1000 / (performance.now() - started) };
}

async function send(request: { url: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: string }): Promise<unknown> {
  const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
  const text = await response.text();
  if (!response.ok) throw new Error(`${request.method} ${request.url} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
