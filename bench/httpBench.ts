import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { TOKENS } from '../config/tokens';
import { publishedTimeOf } from './calendar';
import { calendarDiagnostics, calendarRatio, expectedListTotal } from './calendarRows';
import { type BenchDatabase } from './databases';
import { buildAsNpmStartDoes, freePort, startDeployed } from './deployed';
import { checkOverview, httpOperations, type Operation, OVERVIEW, oauthRatios, overviewRatio, PK_SELECT, revokedAtOnce, type Target } from './httpOperations';
import { targetLines } from './httpTargets';
import { listDiagnostics } from './listDiagnostics';
import { type LoadClient } from './loadClient';
import { type LoadShape, measureWithCpu, send } from './measure';
import { oauthAccessToken } from './oauthToken';
import { baselineProcess, inThisProcess, type Served } from './ownProcess';
import { shapeForOverview } from './overviewSeed';
import { profiled } from './profile';
import { type Measured, table } from './report';
import { seedPosts } from './seed';
import { BENCH_SERVICE_ENV, startService, threadBody } from './service';
import { bareKoaApp, listen, primaryKeySelectApp } from './servers';
import { settleAfterSeed } from './settle';
import { sqlCounter } from './sqlCounter';

export interface HttpOptions {
  readonly posts: number;
  readonly shape: LoadShape;
  readonly profile: boolean;
  /** BENCH_ROWS: every row, or the baselines and posts.get/list/create only. */
  readonly rows: 'all' | 'core';
  /** BENCH_IN_PROCESS=0 leaves out the secondary, in-process table. */
  readonly inProcess: boolean;
}

/**
 * One database: the service as deployed (`node dist/config/main.js` as `npm start` runs it, in
 * a process of its own) against the two baselines, each in a process of its own; then, beside
 * it, the same service composed inside the bench's process against in-process baselines (how
 * the bench measured before issue 25). The seed, the fixtures and the statement counts go
 * through the in-process composition on the same database.
 */
export async function benchmark(database: BenchDatabase, load: LoadClient, options: HttpOptions): Promise<string> {
  // Other work on the machine shares its CPUs with the servers, the load and the database.
  console.log(
    `## ${database.name} (load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  const port = await freePort();
  // One BASE_URL for both: the OAuth token the in-process composition issues is the deployed one's too.
  const env = { ...database.env, BASE_URL: `http://127.0.0.1:${port}` };
  const service = await startService(env);
  const dataSource = service.dataSource;
  try {
    const postsUrl = `${service.server.baseUrl}/v1/workspaces/${service.workspaceId}/posts`;
    const json = { authorization: `Bearer ${service.apiKey}`, 'content-type': 'application/json' };
    // The template goes through the API, so the seeded rows are exactly what the service writes.
    const template = await send({ url: postsUrl, method: 'POST', headers: json, body: JSON.stringify(threadBody(service.connectionId, 'template')) });
    const seedStarted = performance.now();
    await seedPosts(dataSource, (template as { id: string }).id, options.posts - 1, publishedTimeOf);
    console.log(
      `seeded ${options.posts - 1} posts (+1 template through the API) with their targets in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    const shaped = await shapeForOverview(dataSource, service.workspaceId);
    console.log(`for the overview: ${shaped.scheduled} posts scheduled, ${shaped.failed} failed`);
    console.log(`settled: ${await settleAfterSeed(dataSource)}`);
    // Issued after the seed so that its 10 minutes cover the measured rows.
    const issued = await oauthAccessToken(service.composition, service.userId, service.workspaceId);
    const [middle] = (await dataSource.query('SELECT id FROM posts WHERE workspace_id = ? ORDER BY created_at, id LIMIT 1 OFFSET ?', [
      service.workspaceId,
      Math.floor(options.posts / 2),
    ])) as Array<{ id: string }>;
    const target = (baseUrl: string): Target => ({ ...service, baseUrl, postId: middle!.id, accessToken: issued.accessToken });
    const counted = sqlCounter(dataSource);
    const inProcessTarget = target(service.server.baseUrl);
    // posts.create adds posts as it runs: the totals a row must report are counted just before it.
    const postsNow = async () => {
      const [row] = (await dataSource.query('SELECT COUNT(*) AS n FROM posts WHERE workspace_id = ?', [service.workspaceId])) as Array<{ n: number | string }>;
      return Number(row!.n);
    };
    const checked = async (operation: Operation, measured: Operation): Promise<number> => {
      const body = await send(measured.request);
      if (operation.name === OVERVIEW) checkOverview(body, await postsNow());
      if (operation.name.startsWith('posts.list')) {
        const total = (body as { total: number }).total;
        const expected = await expectedListTotal(operation.name, await postsNow(), {
          dataSource,
          workspaceId: service.workspaceId,
          scheduled: shaped.scheduled,
        });
        if (total !== expected) throw new Error(`${operation.name} reports total ${total}, expected ${expected}`);
      }
      if (operation.name.startsWith('baseline')) return operation.name === PK_SELECT ? 1 : 0;
      // The same request to the in-process composition, alone: the statements one request sends.
      return (await counted(() => send(operation.request))).statements.length;
    };

    buildAsNpmStartDoes();
    // Whatever was started is stopped, even when a later start or a row fails.
    const started: Served[] = [];
    let rows: Measured[];
    try {
      const deployed = await startDeployed({ ...env, ...BENCH_SERVICE_ENV }, port);
      started.push(deployed);
      console.log(`deployed: node dist/config/main.js, pid ${deployed.pid}, log in ${deployed.logFile}`);
      const bare = await baselineProcess('bare', database.env);
      started.push(bare);
      const primaryKey = await baselineProcess('pk', database.env);
      started.push(primaryKey);
      const operations = httpOperations(target(deployed.baseUrl), { bare: bare.baseUrl, primaryKey: primaryKey.baseUrl }, options.rows);
      const twins = new Map(httpOperations(inProcessTarget, { bare: '', primaryKey: '' }, options.rows).map((twin) => [twin.name, twin]));
      const serverOf = (operation: Operation) => (operation.name === PK_SELECT ? primaryKey : operation.name.startsWith('baseline') ? bare : deployed);
      // BENCH_PROFILE samples the bench's own process: only the in-process rows run there.
      const check = (operation: Operation) => checked(twins.get(operation.name)!, operation);
      rows = await measureRows(operations, [bare, primaryKey, deployed], serverOf, check, load, { ...options, profile: false });
    } finally {
      for (const server of started) await server.close();
    }

    const tables = [
      table(
        `${database.name}, as deployed (npm start: compiled, worker on, default log level, access log on; each baseline in a process of its own)`,
        rows,
        rows[0]!.result,
        rows[1]!.result,
      ),
    ];
    const notes = [`Issue 25 targets, as deployed (${database.name}):`, ...targetLines(database.name, rows)];
    if (options.inProcess) {
      const inProcessBare = inThisProcess(await listen(bareKoaApp()));
      const inProcessPrimaryKey = inThisProcess(await listen(primaryKeySelectApp(dataSource)));
      try {
        const operations = httpOperations(inProcessTarget, { bare: inProcessBare.baseUrl, primaryKey: inProcessPrimaryKey.baseUrl }, 'core');
        const servers = [inProcessBare, inProcessPrimaryKey, inThisProcess(service.server)];
        const inProcess = await measureRows(
          operations,
          servers,
          () => servers[2]!,
          (operation) => checked(operation, operation),
          load,
          options,
        );
        tables.push(
          table(
            `${database.name}, in-process (before issue 25: service and baselines in the bench's process, LOG_LEVEL=silent, no worker)`,
            inProcess,
            inProcess[0]!.result,
            inProcess[1]!.result,
          ),
        );
        notes.push(`The same targets, in-process (secondary):`, ...targetLines(database.name, inProcess));
      } finally {
        await inProcessBare.close();
        await inProcessPrimaryKey.close();
      }
    }

    const diagnostics = await listDiagnostics(dataSource, service.workspaceId);
    const posts = await postsNow();
    // posts.create ran at CONNECTIONS at once: post_counts must have counted every one of them.
    const { total: kept } = await service.composition.get(TOKENS.PostRepository).list({ workspaceId: service.workspaceId, limit: 0, offset: 0 });
    if (kept !== posts) throw new Error(`post_counts says ${kept} posts after the run, COUNT(*) says ${posts}`);
    notes.push(
      `posts.list internals at ${options.posts} posts, each query alone and sequential: total from post_counts ${diagnostics.totalMs.toFixed(2)} ms, page of 20 ids ${diagnostics.pageMs.toFixed(2)} ms (the COUNT(*) the total used to be: ${diagnostics.replacedCountMs.toFixed(2)} ms)`,
      `  total plan: ${diagnostics.totalPlan.join(' / ')}`,
      `  page plan:  ${diagnostics.pagePlan.join(' / ')}`,
      `posts in the workspace after the run (posts.create adds them): ${posts}, post_counts agrees`,
    );
    notes.push(overviewRatio(rows), ...calendarRatio(rows), ...(await calendarDiagnostics(dataSource, service.workspaceId)));
    notes.push(
      ...oauthRatios(rows, options.shape.seconds),
      await revokedAtOnce(`${service.server.baseUrl}/v1/me`, { authorization: `Bearer ${issued.accessToken}` }, issued),
    );
    console.log(notes.join('\n'));
    return `${tables.join('\n\n')}\n\n${notes.join('\n')}`;
  } finally {
    await service.close();
  }
}

/**
 * Each operation in turn: the servers idle first (the previous run's queued requests are
 * neither counted nor timed), one request alone that must pass its check and tells the
 * statements it sends, then the load, with the CPU of the process serving that row.
 */
async function measureRows(
  operations: readonly Operation[],
  servers: readonly Served[],
  serverOf: (operation: Operation) => Served,
  check: (operation: Operation) => Promise<number>,
  load: LoadClient,
  options: HttpOptions,
): Promise<Measured[]> {
  const rows: Measured[] = [];
  for (const operation of operations) {
    for (const server of servers) await server.idle();
    const statements = await check(operation);
    const server = serverOf(operation);
    const { result, breakdown } = await profiled(options.profile, () => measureWithCpu(load, operation.request, options.shape, server.cpuSeconds));
    console.log(
      `${operation.name}: ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99Ms.toFixed(1)} ms, server CPU ${result.serverCpu.toFixed(2)}, ${statements} SQL/req${result.non2xx + result.errors > 0 ? `, ${result.non2xx} non-2xx, ${result.errors} errors` : ''}`,
    );
    if (breakdown !== null) console.log(`  profile: ${breakdown}`);
    rows.push({ operation: operation.name, result, statements });
  }
  for (const server of servers) await server.idle();
  return rows;
}
