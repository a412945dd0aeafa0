import { isDeepStrictEqual } from 'node:util';
import { COUNT_NAMES } from '../domain/analytics/PostCounts';
import { type SeededFigures } from './analyticsCollections';
import { YEAR } from './analyticsSeed';
import { type RowRequest } from './measure';
import { type Measured } from './report';

export type GroupBy = 'day' | 'platform' | 'connection';

const ME = 'me';
/** The second measurement of a row, in the order me, day, connection, platform, platform, connection, day, me. */
const AGAIN = ' (again)';
const analyticsName = (groupBy: GroupBy) => `analytics groupBy=${groupBy} (a year)`;
export const GROUPINGS: readonly GroupBy[] = ['day', 'connection', 'platform'];

export interface AnalyticsRow {
  readonly name: string;
  readonly groupBy: GroupBy | null;
  readonly request: RowRequest;
}

/**
 * GET /v1/me, then the year's analytics by day, connection and platform, then the same in
 * reverse: a load that rises or falls through the eight runs (the machine is shared) weighs
 * on both sides alike. Each side's req/s is the sum of its two runs.
 */
export function analyticsRows(baseUrl: string, workspaceId: string, headers: Record<string, string>): AnalyticsRow[] {
  const me: AnalyticsRow = { name: ME, groupBy: null, request: { url: `${baseUrl}/v1/me`, method: 'GET', headers } };
  const of = (groupBy: GroupBy, suffix = ''): AnalyticsRow => ({
    name: `${analyticsName(groupBy)}${suffix}`,
    groupBy,
    request: { url: analyticsUrl(baseUrl, workspaceId, groupBy), method: 'GET', headers },
  });
  const again = (row: AnalyticsRow): AnalyticsRow => ({ ...row, name: `${row.name}${AGAIN}` });
  const forth = [me, ...GROUPINGS.map((g) => of(g))];
  return [...forth, ...forth.reverse().map(again)];
}

export const analyticsUrl = (baseUrl: string, workspaceId: string, groupBy: GroupBy): string =>
  `${baseUrl}/v1/workspaces/${workspaceId}/analytics?from=${YEAR.from}&to=${YEAR.to}&groupBy=${groupBy}`;

/** One table per database: each row's req/s, latency and SQL, and its req/s over GET /v1/me's (the mean of its two runs). */
export function analyticsTable(title: string, rows: readonly Measured[]): string {
  const me = rows.filter((row) => row.operation === ME || row.operation === `${ME}${AGAIN}`);
  const meRate = me.reduce((total, m) => total + m.result.requestsPerSecond, 0) / me.length;
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [
    `### ${title}`,
    '',
    line(['operation', 'req/s', 'p50 ms', 'p99 ms', 'vs me', 'SQL/req', 'server CPU', 'non-2xx', 'errors']),
    line(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...rows.map(({ operation, result, statements }) =>
      line([
        operation,
        result.requestsPerSecond.toFixed(1),
        result.p50Ms.toFixed(1),
        result.p99Ms.toFixed(1),
        (result.requestsPerSecond / meRate).toFixed(4),
        String(statements),
        result.serverCpu.toFixed(2),
        String(result.non2xx),
        String(result.errors),
      ]),
    ),
  ].join('\n');
}

/** req/s of each grouping's two runs over req/s of GET /v1/me's two runs, same run. */
export function analyticsRatios(rows: readonly Measured[]): string[] {
  const runs = (name: string) => rows.filter((row) => row.operation === name || row.operation === `${name}${AGAIN}`);
  const rate = (measured: Measured[]) => measured.reduce((total, m) => total + m.result.requestsPerSecond, 0);
  const p99 = (measured: Measured[]) => measured.map((m) => m.result.p99Ms.toFixed(0)).join('/');
  const me = runs(ME);
  if (me.length === 0) return ['analytics: not measured'];
  return GROUPINGS.map((groupBy) => {
    const analytics = runs(analyticsName(groupBy));
    return `analytics groupBy=${groupBy} vs me (same run, me-day-connection-platform-platform-connection-day-me): ${rate(analytics).toFixed(1)} / ${rate(me).toFixed(0)} req/s = **${(rate(analytics) / rate(me)).toFixed(4)}** (SQL/req ${analytics[0]!.statements} vs ${me[0]!.statements}; p99 ${p99(analytics)} vs ${p99(me)} ms)`;
  });
}

type Summary = { posts: number; targets: number; sums: Record<string, number | null>; averages: Record<string, number | null> };

/** The answer the service must give for the year, every group, computed here from the figures the seed wrote (docs/analytics.md's rules). */
export function expectedAnswer(
  figures: readonly SeededFigures[],
  groupBy: GroupBy,
): { overall: Summary; data: Array<Summary & { key: string }>; total: number } {
  const from = Date.parse(YEAR.from);
  const to = Date.parse(YEAR.to);
  const counted = figures.filter((f) => !f.deleted && f.postedAtMs >= from && f.postedAtMs < to);
  const keyOf = (f: SeededFigures) =>
    groupBy === 'day' ? new Date(f.postedAtMs).toISOString().slice(0, 10) : groupBy === 'platform' ? f.platform : f.connectionId;
  const byKey = new Map<string, SeededFigures[]>();
  for (const f of counted) {
    const key = keyOf(f);
    const group = byKey.get(key);
    if (group === undefined) byKey.set(key, [f]);
    else group.push(f);
  }
  const keys = [...byKey.keys()].sort();
  return { overall: summarize(counted), data: keys.map((key) => ({ key, ...summarize(byKey.get(key)!) })), total: keys.length };
}

function summarize(rows: readonly SeededFigures[]): Summary {
  const sums: Record<string, number | null> = {};
  const averages: Record<string, number | null> = {};
  for (const name of COUNT_NAMES) {
    const reported = rows.map((r) => r.counts[name]).filter((v): v is number => v !== null);
    const sum = reported.reduce((a, b) => a + b, 0);
    sums[name] = reported.length === 0 ? null : sum;
    averages[name] = reported.length === 0 ? null : Math.round((sum / reported.length) * 100) / 100;
  }
  return { posts: new Set(rows.map((r) => r.postId)).size, targets: rows.length, sums, averages };
}

/**
 * Before a grouping is timed: its answer is the one computed from the seed, to the last figure:
 * the range's figures, the number of groups, and its groups, all of them or the page asked for
 * (only connections are paged, as docs/analytics.md says; the code of 565e118 paged every grouping).
 */
export function checkAnswer(body: unknown, figures: readonly SeededFigures[], groupBy: GroupBy): string {
  const answer = body as { overall: Summary; data: Array<Summary & { key: string }>; total: number; limit: number; offset: number };
  const expected = expectedAnswer(figures, groupBy);
  const page = expected.data.slice(answer.offset, answer.offset + answer.limit);
  const groupsRight = isDeepStrictEqual(answer.data, expected.data) || isDeepStrictEqual(answer.data, page);
  if (!groupsRight || !isDeepStrictEqual(answer.overall, expected.overall) || answer.total !== expected.total) {
    const got = { overall: answer.overall, total: answer.total, data: answer.data };
    throw new Error(`analytics groupBy=${groupBy} answered ${JSON.stringify(got).slice(0, 400)}, expected ${JSON.stringify(expected).slice(0, 400)}`);
  }
  return `${answer.overall.posts} posts, ${answer.overall.targets} targets, ${answer.data.length} of ${answer.total} groups`;
}
