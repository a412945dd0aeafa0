import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { statementDiagnostics, statementRecorder } from './analyticsDiagnostics';
import { analyticsRatios, analyticsRows, analyticsTable, checkAnswer } from './analyticsRows';
import { seedAnalytics } from './analyticsSeed';
import { type BenchDatabase, MARIADB_URL, mariadbDatabase, sqliteDatabase } from './databases';
import { LoadClient } from './loadClient';
import { type LoadShape, measureWithCpu, send } from './measure';
import { profiled } from './profile';
import { type Measured } from './report';
import { type Listening } from './servers';
import { settleAfterSeed } from './settle';
import { startService } from './service';

const POSTS = Number(process.env.BENCH_ANALYTICS_POSTS ?? 100_000);
/** Each row's measured run: long enough for many answers when one takes a second. */
const SECONDS = Number(process.env.BENCH_ANALYTICS_SECONDS ?? 20);
/**
 * Requests at once, for GET /v1/me as for the analytics: fewer than the http suite's 16, as an
 * answer that takes half a second would wait 16 times as long, past the load's 10 s timeout.
 */
const CONNECTIONS = Number(process.env.BENCH_ANALYTICS_CONNECTIONS ?? 4);
/** BENCH_PROFILE=1: where the service's process spends each row's measured run (bench/profile.ts). */
const PROFILE = process.env.BENCH_PROFILE === '1';

/**
 * The `analytics` suite (issue 22; docs/performance.md, "Issue 22: analytics"): the real
 * service on each database, one workspace of POSTS posts published over a year with what the
 * collector would have written for them (bench/analyticsSeed.ts), and GET …/analytics for the
 * year by day, connection and platform measured against GET /v1/me with the same API key, in
 * the same run. Each answer is checked against the figures the seed wrote before it is timed;
 * afterwards each analytics statement is timed alone and explained. A row's warm-up is a run
 * of its own, and the service finishes its requests before the measured run begins: an
 * answer may take a second, and a warm-up's 16 unanswered requests would weigh on the next run.
 */
export async function analyticsSuite(databases: readonly string[], load: LoadShape): Promise<string> {
  const shape = { ...load, connections: CONNECTIONS, seconds: SECONDS };
  console.log(
    `## Analytics: ${POSTS} posts published over a year, their figures collected (1 h, 24 h, 7 days); ${shape.connections} connections, ${shape.warmupSeconds} s warm-up, ${shape.seconds} s measured per row`,
  );
  const client = new LoadClient();
  const tables: string[] = [];
  try {
    for (const kind of databases) {
      const database = kind === 'sqlite' ? sqliteDatabase() : await mariadbDatabase();
      if ('unreachable' in database) {
        tables.push(`### Analytics, MariaDB\n\nMariaDB SKIPPED: cannot connect to ${new URL(MARIADB_URL).host} (${database.unreachable})`);
        continue;
      }
      try {
        tables.push(await analyticsOn(database, client, shape));
      } finally {
        await database.cleanup();
      }
    }
  } finally {
    client.close();
  }
  return tables.join('\n\n');
}

async function analyticsOn(database: BenchDatabase, load: LoadClient, shape: LoadShape): Promise<string> {
  const loadAverage = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(`### Analytics, ${database.name} (load average before: ${loadAverage})`);
  const service = await startService(database.env);
  const dataSource = service.dataSource;
  try {
    const seedStarted = performance.now();
    const seeded = await seedAnalytics(service, POSTS);
    const deleted = seeded.figures.filter((f) => f.deleted).length;
    console.log(
      `seeded ${POSTS} published posts, ${seeded.figures.length} targets (${deleted} found deleted) with their collections in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    console.log(`settled: ${await settleAfterSeed(dataSource)}`);
    // InnoDB would refresh these by itself (over 10 % of the rows changed); the row must not pay for it.
    if (dataSource.options.type !== 'better-sqlite3') await dataSource.query('ANALYZE TABLE target_metrics, target_metric_snapshots');

    const recorded = statementRecorder(dataSource);
    const rows: Measured[] = [];
    const captured = new Map<string, Array<[string, unknown[]]>>();
    for (const row of analyticsRows(service.server.baseUrl, service.workspaceId, { authorization: `Bearer ${service.apiKey}` })) {
      await settled(service.server);
      // One request alone first: it must answer what the seed implies, and it shows its statements.
      const { result: body, statements } = await recorded(() => send(row.request));
      const checked = row.groupBy === null ? '' : ` (${checkAnswer(body, seeded.figures, row.groupBy)})`;
      if (row.groupBy !== null && !captured.has(row.groupBy)) captured.set(row.groupBy, statements);
      if (shape.warmupSeconds > 0) await load.measure({ ...row.request, ...shape, warmupSeconds: 0, seconds: shape.warmupSeconds });
      await settled(service.server);
      const { result, breakdown } = await profiled(PROFILE, () => measureWithCpu(load, row.request, { ...shape, warmupSeconds: 0 }));
      console.log(
        `${row.name}: ${result.requestsPerSecond.toFixed(1)} req/s, p99 ${result.p99Ms.toFixed(1)} ms, server CPU ${result.serverCpu.toFixed(2)}, ${statements.length} SQL/req${checked}${result.non2xx + result.errors > 0 ? `, ${result.non2xx} non-2xx, ${result.errors} errors` : ''}`,
      );
      if (breakdown !== null) console.log(`  profile: ${breakdown}`);
      rows.push({ operation: row.name, result, statements: statements.length });
    }
    await settled(service.server);
    const notes = [...analyticsRatios(rows), 'analytics statements alone, sequential, and their plans:'];
    for (const [groupBy, statements] of captured) notes.push(...(await statementDiagnostics(dataSource, `groupBy=${groupBy}`, statements)));
    console.log(notes.join('\n'));
    return `${analyticsTable(`Analytics, ${database.name}`, rows)}\n\n${notes.join('\n')}`;
  } finally {
    await service.close();
  }
}

/**
 * No request in progress, and none arriving for half a second, three times over: a load run's
 * last requests may still sit unread in their sockets while the service is busy with others.
 */
async function settled(server: Listening): Promise<void> {
  for (let quiet = 0; quiet < 3; ) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const started = performance.now();
    await server.idle();
    quiet = performance.now() - started < 5 ? quiet + 1 : 0;
  }
}
