/**
 * Where a deployed request's CPU goes: the service as `npm start` runs it (bench/deployed.ts),
 * profiled by V8 (bench/cpuProfileHook.js, as `--cpu-prof` is refused in NODE_OPTIONS) while
 * loaded with one request for a few seconds after a warm-up, then stopped gracefully so the
 * profile is written; the profile's self time is summed by what spent it.
 *
 *   npx tsx bench/deployedProfile.ts [get|list|me|create|create-keyed] [sqlite|mariadb]
 *
 * `create` posts the http suite's posts.create body (a two-segment draft thread, no
 * Idempotency-Key) over and over, `create-keyed` the same with a new key on each request; the
 * others read the seeded workspace.
 *
 * PROFILE_SECONDS (10), PROFILE_POSTS (2000), BENCH_MYSQL_URL (bench/databases.ts); PROFILE_OFF=1
 * measures the CPU per request without the profiler (for before/after pairs run in turn);
 * PROFILE_RATE caps the load at that many requests per second (a shared machine's contention
 * then changes less between runs than when each run takes what it can).
 * Scratch measurement for docs/performance.md, not part of `npm run bench`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildAsNpmStartDoes, freePort, startDeployed } from './deployed';
import { type BenchDatabase, mariadbDatabase, sqliteDatabase } from './databases';
import { groupShares, type ProfileNode } from './profileGroups';
import { seedPosts } from './seed';
import { BENCH_SERVICE_ENV, startService, threadBody } from './service';

async function main(): Promise<void> {
  const [operation = 'get', kind = 'sqlite'] = process.argv.slice(2);
  const seconds = Number(process.env.PROFILE_SECONDS ?? 10);
  const posts = Number(process.env.PROFILE_POSTS ?? 2000);
  const database = kind === 'sqlite' ? sqliteDatabase() : await mariadbDatabase();
  if ('unreachable' in database) throw new Error(database.unreachable);
  const db = database as BenchDatabase;
  const port = await freePort();
  const env = { ...db.env, BASE_URL: `http://127.0.0.1:${port}` };
  const service = await startService(env);
  const postsPath = `/v1/workspaces/${service.workspaceId}/posts`;
  const auth = { authorization: `Bearer ${service.apiKey}` };
  const created = await fetch(`${service.server.baseUrl}${postsPath}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(threadBody(service.connectionId, 'template')),
  });
  const templateId = ((await created.json()) as { id: string }).id;
  await seedPosts(service.dataSource, templateId, posts - 1);
  await service.close();
  buildAsNpmStartDoes();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-profile-'));
  const profiled = process.env.PROFILE_OFF !== '1';
  const hook: Record<string, string> = profiled ? { NODE_OPTIONS: `--require ${path.join(__dirname, 'cpuProfileHook.js')}`, CPU_PROFILE_DIR: dir } : {};
  const deployed = await startDeployed({ ...env, ...BENCH_SERVICE_ENV, ...hook }, port);
  const url = `${deployed.baseUrl}${operation === 'me' ? '/v1/me' : operation === 'list' ? `${postsPath}?limit=20` : operation.startsWith('create') ? postsPath : `${postsPath}/${templateId}`}`;
  const posted = {
    method: 'POST' as const,
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(threadBody(service.connectionId, 'bench')),
  };
  let keys = 0;
  // Each request its own Idempotency-Key, as a client retrying safely sends one.
  const keyed = {
    ...posted,
    setupRequest: (r: { headers: Record<string, string> }) => ({ ...r, headers: { ...r.headers, 'idempotency-key': `bench-${++keys}` } }),
  };
  const request = operation === 'create' ? { url, ...posted } : operation === 'create-keyed' ? { url, requests: [keyed] } : { url, headers: auth };
  await autocannon({ ...request, connections: 16, duration: 1 });
  if (profiled) process.kill(deployed.pid, 'SIGUSR2'); // the profiler starts now, after start-up and warm-up
  const cpuBefore = deployed.cpuSeconds();
  const rate = process.env.PROFILE_RATE === undefined ? {} : { overallRate: Number(process.env.PROFILE_RATE) };
  const result = await autocannon({ ...request, connections: 16, duration: seconds, ...rate });
  const cpu = deployed.cpuSeconds() - cpuBefore;
  await deployed.close();
  await db.cleanup();
  const requests = result.requests.total;
  console.log(
    `${operation} on ${kind}: ${requests} requests in ${seconds} s (${(requests / seconds).toFixed(0)}/s), non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
  console.log(
    `server CPU ${((cpu * 1e6) / requests).toFixed(0)} µs/request${profiled ? ' (under the profiler)' : ''}, load average ${os.loadavg()[0]!.toFixed(2)}`,
  );
  if (!profiled) return;
  const file = fs.readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (file === undefined) throw new Error(`no profile in ${dir}`);
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { nodes: ProfileNode[] };
  summarize(profile, path.join(dir, file));
  const { busy, groups } = groupShares(profile.nodes);
  const perRequest = (cpu * 1e6) / requests;
  console.log('self time by group (share of busy samples; × the CPU per request above):');
  for (const [group, hits] of groups)
    console.log(`  ${((100 * hits) / busy).toFixed(1).padStart(5)} %  ${((perRequest * hits) / busy).toFixed(0).padStart(5)} µs  ${group}`);
}

/** Self time by where it was spent (a package, a file of the service, Node's internals, GC), and the busiest functions. */
function summarize(profile: { nodes: ProfileNode[] }, file: string): void {
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    busy += hits;
    const place = placeOf(url, functionName);
    byPlace.set(place, (byPlace.get(place) ?? 0) + hits);
    const name = `${functionName || '(anonymous)'} ${place}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
  }
  const share = (hits: number) => `${((100 * hits) / busy).toFixed(1)} %`;
  console.log(`profile ${file}: ${busy} busy samples; self time by place:`);
  for (const [place, hits] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${share(hits).padStart(7)}  ${place}`);
  console.log('busiest functions (self time):');
  for (const [name, hits] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${share(hits).padStart(7)}  ${name}`);
}

function placeOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules !== null) return modules[1]!;
  if (url.startsWith('node:')) return url.replace(/^node:internal\//, 'node:').replace(/\/.*$/, '');
  const dist = /\/dist\/(.*)$/.exec(url);
  return dist === null ? url : dist[1]!;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
