import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { TOKENS } from '../config/tokens';
import { analyticsSuite } from './analyticsSuite';
import { bombsSuite } from './bombs';
import { publishedTimeOf } from './calendar';
import { calendarDiagnostics, calendarRatio, calendarRows, expectedListTotal } from './calendarRows';
import { type BenchDatabase, MARIADB_URL, mariadbDatabase, sqliteDatabase } from './databases';
import { engineSuite } from './engine/engineSuite';
import { listDiagnostics } from './listDiagnostics';
import { type IssuedOAuthToken, oauthAccessToken } from './oauthToken';
import { LoadClient } from './loadClient';
import { measureWithCpu, type RowRequest, send } from './measure';
import { type Measured, table } from './report';
import { profiled } from './profile';
import { seedPosts } from './seed';
import { shapeForOverview } from './overviewSeed';
import { settleAfterSeed } from './settle';
import { bareKoaApp, listen, type Listening, primaryKeySelectApp } from './servers';
import { startService, threadBody } from './service';
import { sqlCounter } from './sqlCounter';

/**
 * `npm run bench`: the real service on SQLite and on MariaDB, 100,000 posts in one workspace,
 * posts.get / posts.list / posts.create under load next to two baselines measured in the
 * same run (the `http` suite); the analytics over a year of 100,000 published posts next to
 * GET /v1/me (the `analytics` suite, bench/analyticsSuite.ts); then the publishing engine's
 * throughput and lag next to the bare queue's (the `engine` suite, bench/engine/); `bombs`
 * (bench/bombs.ts) measures memory under decompression bombs. BENCH_SUITES picks the suites
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

interface Operation {
  readonly name: string;
  readonly request: RowRequest;
}

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
  console.log(`\n## Results\n\n${tables.join('\n\n')}\n`);
  if (SUITES.includes('http') || SUITES.includes('analytics')) {
    console.log('Ratios: req/s of the row divided by req/s of the baseline (1.000 = as fast). p50/p99: autocannon, 1 ms resolution.');
    console.log('server CPU: CPU time of the process running the servers per second of wall time (1.00 = one core busy).');
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
  if (PROFILE) console.log('BENCH_PROFILE=1: the service process is CPU-profiled during each run, which slows it: do not record these figures');
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
        tables.push(await benchmark(database, load));
      } finally {
        await database.cleanup();
      }
    }
  } finally {
    load.close();
  }
  return tables.join('\n\n');
}

async function benchmark(database: BenchDatabase, load: LoadClient): Promise<string> {
  // Other work on the machine shares its CPUs with the servers, the load and the database.
  console.log(
    `## ${database.name} (load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  const service = await startService(database.env);
  const dataSource = service.dataSource;
  const baselines: Listening[] = [];
  try {
    const auth = { authorization: `Bearer ${service.apiKey}` };
    const meUrl = `${service.server.baseUrl}/v1/me`;
    const postsUrl = `${service.server.baseUrl}/v1/workspaces/${service.workspaceId}/posts`;
    const json = { ...auth, 'content-type': 'application/json' };

    // The template goes through the API, so the seeded rows are exactly what the service writes.
    const template = await send({ url: postsUrl, method: 'POST', headers: json, body: JSON.stringify(threadBody(service.connectionId, 'template')) });
    const seedStarted = performance.now();
    await seedPosts(dataSource, (template as { id: string }).id, POSTS - 1, publishedTimeOf);
    console.log(`seeded ${POSTS - 1} posts (+1 template through the API) with their targets in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    const shaped = await shapeForOverview(dataSource, service.workspaceId);
    console.log(`for the overview: ${shaped.scheduled} posts scheduled, ${shaped.failed} failed`);
    console.log(`settled: ${await settleAfterSeed(dataSource)}`);
    // The same requests with an OAuth access token (a JWT whose family is checked per request),
    // issued after the seed so that its 10 minutes cover the measured rows.
    const issued = await oauthAccessToken(service.composition, service.userId, service.workspaceId);
    const oauth = { authorization: `Bearer ${issued.accessToken}` };

    const [middle] = (await dataSource.query('SELECT id FROM posts WHERE workspace_id = ? ORDER BY created_at, id LIMIT 1 OFFSET ?', [
      service.workspaceId,
      Math.floor(POSTS / 2),
    ])) as Array<{ id: string }>;
    const postId = middle!.id;
    const bare = await listen(bareKoaApp());
    const primaryKey = await listen(primaryKeySelectApp(dataSource));
    baselines.push(bare, primaryKey);

    const operations: Operation[] = [
      { name: 'baseline: bare Koa JSON', request: { url: `${bare.baseUrl}/`, method: 'GET', headers: {} } },
      { name: 'baseline: Koa + PK SELECT', request: { url: `${primaryKey.baseUrl}/?id=${postId}`, method: 'GET', headers: {} } },
      ...keyThenToken('posts.get', { url: `${postsUrl}/${postId}`, method: 'GET' }, auth, oauth),
      ...keyThenToken('posts.list (limit 20)', { url: `${postsUrl}?limit=20`, method: 'GET' }, auth, oauth),
      ...calendarRows(postsUrl, auth),
      ...keyThenToken('me', { url: meUrl, method: 'GET' }, auth, oauth),
      { name: OVERVIEW, request: { url: `${service.server.baseUrl}/v1/me/overview/${service.workspaceId}`, method: 'GET', headers: auth } },
      {
        name: 'posts.create (thread)',
        request: { url: postsUrl, method: 'POST', headers: json, body: JSON.stringify(threadBody(service.connectionId, 'bench')) },
      },
    ];

    const counted = sqlCounter(dataSource);
    const rows: Measured[] = [];
    const servers = [bare, primaryKey, service.server];
    for (const operation of operations) {
      // The previous run's queued requests finish first, so they are neither counted nor timed.
      for (const server of servers) await server.idle();
      // One request alone first: it must succeed, and it tells how many statements it sends.
      const { result: body, statements } = await counted(() => send(operation.request));
      if (operation.name === OVERVIEW) checkOverview(body, POSTS);
      if (operation.name.startsWith('posts.list')) {
        const total = (body as { total: number }).total;
        const expected = await expectedListTotal(operation.name, POSTS, { dataSource, workspaceId: service.workspaceId, scheduled: shaped.scheduled });
        if (total !== expected) throw new Error(`${operation.name} reports total ${total}, expected ${expected}`);
      }
      const { result, breakdown } = await profiled(PROFILE, () => measureWithCpu(load, operation.request, SHAPE));
      console.log(
        `${operation.name}: ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99Ms.toFixed(1)} ms, server CPU ${result.serverCpu.toFixed(2)}, ${statements.length} SQL/req${result.non2xx + result.errors > 0 ? `, ${result.non2xx} non-2xx, ${result.errors} errors` : ''}`,
      );
      if (breakdown !== null) console.log(`  profile: ${breakdown}`);
      rows.push({ operation: operation.name, result, statements: statements.length });
    }

    for (const server of servers) await server.idle();
    const diagnostics = await listDiagnostics(dataSource, service.workspaceId);
    const [totalRow] = (await dataSource.query('SELECT COUNT(*) AS n FROM posts WHERE workspace_id = ?', [service.workspaceId])) as Array<{
      n: number | string;
    }>;
    const posts = Number(totalRow!.n);
    // posts.create ran at CONNECTIONS at once: post_counts must have counted every one of them.
    const { total: kept } = await service.composition.get(TOKENS.PostRepository).list({ workspaceId: service.workspaceId, limit: 0, offset: 0 });
    if (kept !== posts) throw new Error(`post_counts says ${kept} posts after the run, COUNT(*) says ${posts}`);
    const notes = [
      `posts.list internals at ${POSTS} posts, each query alone and sequential: total from post_counts ${diagnostics.totalMs.toFixed(2)} ms, page of 20 ids ${diagnostics.pageMs.toFixed(2)} ms (the COUNT(*) the total used to be: ${diagnostics.replacedCountMs.toFixed(2)} ms)`,
      `  total plan: ${diagnostics.totalPlan.join(' / ')}`,
      `  page plan:  ${diagnostics.pagePlan.join(' / ')}`,
      `posts in the workspace after the run (posts.create adds them): ${posts}, post_counts agrees`,
    ];
    notes.push(overviewRatio(rows), ...calendarRatio(rows), ...(await calendarDiagnostics(dataSource, service.workspaceId)));
    notes.push(...oauthRatios(rows), await revokedAtOnce(meUrl, oauth, issued));
    console.log(notes.join('\n'));
    return `${table(database.name, rows, rows[0]!.result, rows[1]!.result)}\n\n${notes.join('\n')}`;
  } finally {
    for (const server of baselines) await server.close();
    await service.close();
  }
}

/** The overview's row (docs/performance.md, "Issue 12: the overview"), measured against GET /v1/me with the same API key. */
const OVERVIEW = 'me.overview (100k posts)';

/** Before it is timed: the overview sees the seeded workspace (every post counted, some upcoming, some failed). */
function checkOverview(body: unknown, posts: number): void {
  const overview = body as { posts: { total: number }; upcoming: unknown[]; recentFailures: unknown[] };
  if (overview.posts.total !== posts || overview.upcoming.length !== 5 || overview.recentFailures.length !== 5) {
    throw new Error(`the overview does not show the seeded workspace: ${JSON.stringify(overview).slice(0, 300)}`);
  }
}

/** req/s of the overview over req/s of GET /v1/me with the same key (its two runs), in the same run. */
function overviewRatio(rows: readonly Measured[]): string {
  const overview = rows.find((row) => row.operation === OVERVIEW);
  const me = rows.filter((row) => row.operation === 'me' || row.operation === `me${AGAIN}`);
  if (overview === undefined || me.length === 0) return 'me.overview: not measured';
  const meRate = me.reduce((total, row) => total + row.result.requestsPerSecond, 0) / me.length;
  return `me.overview vs me (API key, same run): ${overview.result.requestsPerSecond.toFixed(0)} / ${meRate.toFixed(0)} req/s = **${(overview.result.requestsPerSecond / meRate).toFixed(3)}** (SQL/req ${overview.statements} vs ${me[0]!.statements}; p99 ${overview.result.p99Ms.toFixed(0)} vs ${me[0]!.result.p99Ms.toFixed(0)} ms)`;
}

/** Rows measured with an OAuth access token instead of the API key are named with this suffix. */
const OAUTH_SUFFIX = ' [OAuth token]';
/** The second measurement of a request, in the key, token, token, key order. */
const AGAIN = ' (again)';

/**
 * One request with the API key and with the OAuth access token, in the order key, token,
 * token, key: a load that rises or falls through the four runs (the machine is shared)
 * weighs on both sides alike, and each side's req/s is the sum of its two runs.
 */
function keyThenToken(name: string, request: Omit<Operation['request'], 'headers'>, key: Record<string, string>, token: Record<string, string>): Operation[] {
  return [
    { name, request: { ...request, headers: key } },
    { name: `${name}${OAUTH_SUFFIX}`, request: { ...request, headers: token } },
    { name: `${name}${OAUTH_SUFFIX}${AGAIN}`, request: { ...request, headers: token } },
    { name: `${name}${AGAIN}`, request: { ...request, headers: key } },
  ];
}

/** Each request with the OAuth token over the same request with the API key, both measured twice in the same run. */
function oauthRatios(rows: readonly Measured[]): string[] {
  const lines = ['OAuth access token vs API key, same request, same run, key-token-token-key (req/s of the token runs / req/s of the key runs):'];
  const sum = (name: string) => rows.filter((row) => row.operation === name || row.operation === `${name}${AGAIN}`);
  for (const row of rows) {
    if (!row.operation.endsWith(OAUTH_SUFFIX)) continue;
    const name = row.operation.slice(0, -OAUTH_SUFFIX.length);
    const token = sum(row.operation);
    const key = sum(name);
    if (key.length === 0) continue;
    const rate = (measured: Measured[]) => measured.reduce((total, m) => total + m.result.requestsPerSecond, 0);
    const p99 = (measured: Measured[]) => measured.map((m) => m.result.p99Ms.toFixed(0)).join('/');
    // CPU of the service's process per request (server CPU / req/s): what sharing the machine changes least.
    const cpuPerRequest = (measured: Measured[]) =>
      (measured.reduce((total, m) => total + m.result.serverCpu * SECONDS, 0) /
        measured.reduce((total, m) => total + m.result.requestsPerSecond * SECONDS, 0)) *
      1e6;
    lines.push(
      `  ${name}: ${rate(token).toFixed(0)} / ${rate(key).toFixed(0)} = **${(rate(token) / rate(key)).toFixed(3)}** (SQL/req ${row.statements} vs ${key[0]!.statements}; p99 ${p99(token)} vs ${p99(key)} ms; service CPU per request ${cpuPerRequest(token).toFixed(0)} vs ${cpuPerRequest(key).toFixed(0)} µs)`,
    );
  }
  return lines;
}

/** The check the OAuth rows paid for: once the family is revoked, the same unexpired token is refused on the next request. */
async function revokedAtOnce(url: string, headers: Record<string, string>, issued: IssuedOAuthToken): Promise<string> {
  await issued.revoke();
  const status = (await fetch(url, { headers })).status;
  if (status !== 401) throw new Error(`GET ${url} with a revoked family's access token answered ${status}, expected 401`);
  return '  after the run, the family revoked: the same access token answers 401 on the next request';
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
