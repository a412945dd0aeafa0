import { calendarRows } from './calendarRows';
import { type RowRequest } from './measure';
import { type IssuedOAuthToken } from './oauthToken';
import { type Measured } from './report';
import { threadBody } from './service';

export interface Operation {
  readonly name: string;
  readonly request: RowRequest;
}

export const BARE_KOA = 'baseline: bare Koa JSON';
export const PK_SELECT = 'baseline: Koa + PK SELECT';
export const POSTS_GET = 'posts.get';
export const POSTS_LIST = 'posts.list (limit 20)';
export const POSTS_CREATE = 'posts.create (thread)';
/** The overview's row (docs/performance.md, "Issue 12: the overview"), measured against GET /v1/me with the same API key. */
export const OVERVIEW = 'me.overview (100k posts)';
/** Rows measured with an OAuth access token instead of the API key are named with this suffix. */
const OAUTH_SUFFIX = ' [OAuth token]';
/** The second measurement of a request, in the key, token, token, key order. */
export const AGAIN = ' (again)';
/** BENCH_ROWS=core: the baselines and the three rows issue 25 sets targets for, with the API key, once each. */
const CORE = new Set([BARE_KOA, PK_SELECT, POSTS_GET, POSTS_LIST, POSTS_CREATE]);

/** Where the service under load answers, and who it is loaded as. */
export interface Target {
  readonly baseUrl: string;
  readonly workspaceId: string;
  readonly connectionId: string;
  readonly postId: string;
  readonly apiKey: string;
  readonly accessToken: string;
}

/** The http suite's rows against one service and its two baselines (every row, or `core` ones only). */
export function httpOperations(target: Target, baselines: { bare: string; primaryKey: string }, rows: 'all' | 'core'): Operation[] {
  const auth = { authorization: `Bearer ${target.apiKey}` };
  const oauth = { authorization: `Bearer ${target.accessToken}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const meUrl = `${target.baseUrl}/v1/me`;
  const postsUrl = `${target.baseUrl}/v1/workspaces/${target.workspaceId}/posts`;
  const all: Operation[] = [
    { name: BARE_KOA, request: { url: `${baselines.bare}/`, method: 'GET', headers: {} } },
    { name: PK_SELECT, request: { url: `${baselines.primaryKey}/?id=${target.postId}`, method: 'GET', headers: {} } },
    ...keyThenToken(POSTS_GET, { url: `${postsUrl}/${target.postId}`, method: 'GET' }, auth, oauth),
    ...keyThenToken(POSTS_LIST, { url: `${postsUrl}?limit=20`, method: 'GET' }, auth, oauth),
    ...calendarRows(postsUrl, auth),
    ...keyThenToken('me', { url: meUrl, method: 'GET' }, auth, oauth),
    { name: OVERVIEW, request: { url: `${target.baseUrl}/v1/me/overview/${target.workspaceId}`, method: 'GET', headers: auth } },
    { name: POSTS_CREATE, request: { url: postsUrl, method: 'POST', headers: json, body: JSON.stringify(threadBody(target.connectionId, 'bench')) } },
  ];
  return rows === 'core' ? all.filter((operation) => CORE.has(operation.name)) : all;
}

/** Before it is timed: the overview sees the seeded workspace (every post counted, some upcoming, some failed). */
export function checkOverview(body: unknown, posts: number): void {
  const overview = body as { posts: { total: number }; upcoming: unknown[]; recentFailures: unknown[] };
  if (overview.posts.total !== posts || overview.upcoming.length !== 5 || overview.recentFailures.length !== 5) {
    throw new Error(`the overview does not show the seeded workspace: ${JSON.stringify(overview).slice(0, 300)}`);
  }
}

/** The API-key runs of a row (it and its second run), and their mean req/s. */
export function meanRate(rows: readonly Measured[], name: string): number {
  const runs = rows.filter((row) => row.operation === name || row.operation === `${name}${AGAIN}`);
  return runs.reduce((total, row) => total + row.result.requestsPerSecond, 0) / runs.length;
}

/** req/s of the overview over req/s of GET /v1/me with the same key (its two runs), in the same run. */
export function overviewRatio(rows: readonly Measured[]): string {
  const overview = rows.find((row) => row.operation === OVERVIEW);
  const me = rows.filter((row) => row.operation === 'me' || row.operation === `me${AGAIN}`);
  if (overview === undefined || me.length === 0) return 'me.overview: not measured';
  const meRate = meanRate(rows, 'me');
  return `me.overview vs me (API key, same run): ${overview.result.requestsPerSecond.toFixed(0)} / ${meRate.toFixed(0)} req/s = **${(overview.result.requestsPerSecond / meRate).toFixed(3)}** (SQL/req ${overview.statements} vs ${me[0]!.statements}; p99 ${overview.result.p99Ms.toFixed(0)} vs ${me[0]!.result.p99Ms.toFixed(0)} ms)`;
}

/**
 * One request with the API key and with the OAuth access token, in the order key, token,
 * token, key: a load that rises or falls through the four runs (the machine is shared)
 * weighs on both sides alike, and each side's req/s is the sum of its two runs.
 */
function keyThenToken(name: string, request: Omit<RowRequest, 'headers'>, key: Record<string, string>, token: Record<string, string>): Operation[] {
  return [
    { name, request: { ...request, headers: key } },
    { name: `${name}${OAUTH_SUFFIX}`, request: { ...request, headers: token } },
    { name: `${name}${OAUTH_SUFFIX}${AGAIN}`, request: { ...request, headers: token } },
    { name: `${name}${AGAIN}`, request: { ...request, headers: key } },
  ];
}

/** Each request with the OAuth token over the same request with the API key, both measured twice in the same run. */
export function oauthRatios(rows: readonly Measured[], seconds: number): string[] {
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
      (measured.reduce((total, m) => total + m.result.serverCpu * seconds, 0) /
        measured.reduce((total, m) => total + m.result.requestsPerSecond * seconds, 0)) *
      1e6;
    lines.push(
      `  ${name}: ${rate(token).toFixed(0)} / ${rate(key).toFixed(0)} = **${(rate(token) / rate(key)).toFixed(3)}** (SQL/req ${row.statements} vs ${key[0]!.statements}; p99 ${p99(token)} vs ${p99(key)} ms; service CPU per request ${cpuPerRequest(token).toFixed(0)} vs ${cpuPerRequest(key).toFixed(0)} µs)`,
    );
  }
  return lines;
}

/** The check the OAuth rows paid for: once the family is revoked, the same unexpired token is refused on the next request. */
export async function revokedAtOnce(url: string, headers: Record<string, string>, issued: IssuedOAuthToken): Promise<string> {
  await issued.revoke();
  const status = (await fetch(url, { headers })).status;
  if (status !== 401) throw new Error(`GET ${url} with a revoked family's access token answered ${status}, expected 401`);
  return '  after the run, the family revoked: the same access token answers 401 on the next request';
}
