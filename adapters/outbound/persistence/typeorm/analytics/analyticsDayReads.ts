import { type EntityManager } from 'typeorm';
import { COUNT_NAMES } from '../../../../../domain/analytics/PostCounts';
import { inList } from '../sql/Dialect';
import { DAY_MS, dayNumberOf } from './analyticsDayCells';
import { type Raw } from './metricsRows';

/** A range cut where the UTC days begin: the whole days [firstDay, endDay) read from the kept days, the parts of days at its ends from the targets. */
export interface RangeParts {
  readonly whole: { readonly firstDay: number; readonly endDay: number } | null;
  readonly edges: ReadonlyArray<readonly [number, number]>;
}

export function rangeParts(fromMs: number, toMs: number): RangeParts {
  const firstDay = Math.ceil(fromMs / DAY_MS);
  const endDay = Math.floor(toMs / DAY_MS);
  if (firstDay >= endDay) return { whole: null, edges: fromMs < toMs ? [[fromMs, toMs]] : [] };
  const edges: Array<[number, number]> = [];
  if (fromMs < firstDay * DAY_MS) edges.push([fromMs, firstDay * DAY_MS]);
  if (endDay * DAY_MS < toMs) edges.push([endDay * DAY_MS, toMs]);
  return { whole: { firstDay, endDay }, edges };
}

/** A kept day's row (analytics_days) or a target of an edge, as the sums read it. */
export interface Part {
  readonly day: number;
  readonly scope: string;
  readonly platform: string;
  readonly posts: number;
  readonly targets: number;
  readonly sums: readonly number[];
  readonly reported: readonly number[];
}

export interface EdgeTarget {
  readonly postId: string;
  readonly connectionId: string;
  readonly platform: string;
  readonly day: number;
  readonly figures: ReadonlyArray<number | null>;
}

const ADDED = ['targets', ...COUNT_NAMES.map((n) => `s_${n}`), ...COUNT_NAMES.map((n) => `n_${n}`)].map((c) => `SUM(${c}) AS ${c}`).join(', ');

/**
 * The whole days' rows (a few a day: the workspace, each platform, each connection) added up
 * in the database: by day, the workspace's posts apart (`*`) and every row's targets and
 * figures (only connections' rows have any); otherwise by scope, a few rows for the range.
 */
export async function keptDays(m: EntityManager, workspaceId: string, firstDay: number, endDay: number, byDay: boolean): Promise<Part[]> {
  const where = 'FROM analytics_days WHERE workspace_id = ? AND day >= ? AND day < ?';
  const sql = byDay
    ? `SELECT day, SUM(CASE WHEN scope = '*' THEN posts ELSE 0 END) AS posts, ${ADDED} ${where} GROUP BY day`
    : `SELECT MIN(day) AS day, scope, MAX(platform) AS platform, SUM(posts) AS posts, ${ADDED} ${where} GROUP BY scope`;
  const rows = await m.query<Raw[]>(sql, [workspaceId, firstDay, endDay]);
  const figures = (r: Raw) => ({
    targets: Number(r.targets),
    sums: COUNT_NAMES.map((n) => Number(r[`s_${n}`])),
    reported: COUNT_NAMES.map((n) => Number(r[`n_${n}`])),
  });
  const none = { targets: 0, sums: [], reported: [] };
  return rows.flatMap((r): Part[] =>
    byDay
      ? [
          { day: Number(r.day), scope: '*', platform: '', posts: Number(r.posts), ...none },
          { day: Number(r.day), scope: 'c:', platform: '', posts: 0, ...figures(r) },
        ]
      : [{ day: Number(r.day), scope: String(r.scope), platform: String(r.platform), posts: Number(r.posts), ...figures(r) }],
  );
}

/** Per scope, the posts counted on two days of the range: each is one post too many in its days' sum. */
export async function linksWithin(m: EntityManager, workspaceId: string, firstDay: number, endDay: number): Promise<Map<string, number>> {
  const rows = await m.query<Raw[]>(
    'SELECT scope, COUNT(*) AS n FROM analytics_post_links WHERE workspace_id = ? AND day >= ? AND day < ? AND next_day < ? GROUP BY scope',
    [workspaceId, firstDay, endDay, endDay],
  );
  return new Map(rows.map((r) => [String(r.scope), Number(r.n)]));
}

/** The live targets published in the edges (parts of days), from the index the sums were read from before. */
export async function edgeTargets(m: EntityManager, workspaceId: string, edges: RangeParts['edges']): Promise<EdgeTarget[]> {
  if (edges.length === 0) return [];
  const within = edges.map(() => '(posted_at_ms >= ? AND posted_at_ms < ?)').join(' OR ');
  const rows = await m.query<Raw[]>(
    `SELECT post_id, connection_id, platform, posted_at_ms, ${COUNT_NAMES.join(', ')} FROM target_metrics WHERE workspace_id = ? AND deleted = 0 AND (${within})`,
    [workspaceId, ...edges.flat()],
  );
  return rows.map((r) => ({
    postId: String(r.post_id),
    connectionId: String(r.connection_id),
    platform: String(r.platform),
    day: dayNumberOf(Number(r.posted_at_ms)),
    figures: COUNT_NAMES.map((n) => (r[n] === null || r[n] === undefined ? null : Number(r[n]))),
  }));
}

/** The scopes where the edges' posts also have a live target in the whole days: `<postId>|<scope>`. */
export async function scopesInWholeDays(m: EntityManager, workspaceId: string, postIds: readonly string[], whole: RangeParts['whole']): Promise<Set<string>> {
  const found = new Set<string>();
  if (whole === null) return found;
  const ids = [...new Set(postIds)];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const rows = await m.query<Raw[]>(
      `SELECT post_id, connection_id, platform FROM target_metrics WHERE workspace_id = ? AND deleted = 0 AND post_id IN (${inList(chunk.length)}) AND posted_at_ms >= ? AND posted_at_ms < ?`,
      [workspaceId, ...chunk, whole.firstDay * DAY_MS, whole.endDay * DAY_MS],
    );
    for (const r of rows) for (const scope of scopesOf(String(r.platform), String(r.connection_id))) found.add(`${r.post_id}|${scope}`);
  }
  return found;
}

export const scopesOf = (platform: string, connectionId: string): string[] => ['*', `p:${platform}`, `c:${connectionId}`];
