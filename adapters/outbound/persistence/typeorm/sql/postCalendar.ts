import { filtersTargets, type TargetFilter } from '../../../../../domain/post/PostCalendar';
import { type PostListQuery } from '../../../../../domain/post/PostRepository';
import { DAY_MS } from './calendarDays';
import { type Dialect } from './Dialect';

/**
 * posts.list's calendar (docs/posts.md, "The calendar"): the posts with a target in a time
 * range, on a platform or a connection, and the calendar's order. The matching targets are
 * one range of an index of post_targets (PostCalendar migration): the workspace's, or a
 * connection's, then calendar_at, post_id and id, the platform (and connection) along to be
 * filtered in the index, so they come from the index alone, never from the table or the
 * workspace's other times. A post with several matching targets is listed once, at its
 * earliest. The EXPLAIN test (postCalendar.indexes.test.ts) reads these statements.
 */

export const CALENDAR_INDEX = 'idx_post_targets_calendar';
export const CONNECTION_CALENDAR_INDEX = 'idx_post_targets_connection_calendar';

/**
 * How deep (offset + limit) a page of a time range in calendar order is still read by
 * walking the index: each post passed costs a look at its siblings, so past this a deeper
 * page groups the whole range instead (docs/performance.md, "Issue 21: the calendar").
 */
export const WALK_DEPTH = 500;

export type Statement = [sql: string, parameters: unknown[]];

/** A query posts.list answers with these statements (postReads.ts) rather than the workspace's own index. */
export const isCalendarQuery = (query: Pick<PostListQuery, 'targets' | 'sort'>): boolean => filtersTargets(query.targets) || query.sort === 'scheduledAt';

/** The index a filter's targets are read from: a connection's own when it names one. */
export const calendarIndexFor = (filter: TargetFilter): string => (filter.connectionId === undefined ? CALENDAR_INDEX : CONNECTION_CALENDAR_INDEX);

/** How a page is read: the strategies differ in cost only, never in the posts or their order. */
export type CalendarPlan = 'walk' | 'group' | 'every post';

export function calendarPlanOf(query: PostListQuery): CalendarPlan {
  const filter = query.targets;
  if (!filtersTargets(filter)) return 'every post';
  // A bound keeps targets without a time out, which the index would put first.
  const bounded = filter.from !== undefined || filter.to !== undefined;
  return bounded && query.sort === 'scheduledAt' && query.offset + query.limit <= WALK_DEPTH ? 'walk' : 'group';
}

/**
 * `total`: for a time range alone, from the kept day counts (keptCalendarTotal); else the
 * matching posts counted from the index range, the posts read only to check a status. Null
 * without a target filter: post_counts has it (postReads.readTotal).
 */
export function calendarTotal(d: Dialect, query: PostListQuery): Statement | null {
  const filter = query.targets;
  if (!filtersTargets(filter)) return null;
  const alone = query.status === undefined && filter.platform === undefined && filter.connectionId === undefined;
  const kept = alone ? keptCalendarTotal(d, query.workspaceId, filter.from, filter.to) : null;
  if (kept !== null) return kept;
  const [from, parameters] = matchingTargets(d, query.workspaceId, filter);
  if (query.status === undefined) return [`SELECT COUNT(DISTINCT t.post_id) AS total ${from}`, parameters];
  return [
    `SELECT COUNT(*) AS total FROM (SELECT DISTINCT t.post_id AS id ${from}) m ${leftFirst(d)} posts p ON p.id = m.id WHERE p.status = ?`,
    [...parameters, query.status],
  ];
}

/** The page's ids (columns id, first_at), for a statement joining them as `page` with their posts (postReads.ts). */
export function calendarPage(d: Dialect, query: PostListQuery, plan = calendarPlanOf(query)): { ids: Statement } {
  const ids = plan === 'walk' ? walk(d, query) : plan === 'group' ? grouped(d, query, query.sort !== 'scheduledAt') : everyPost(query);
  return { ids };
}

/** A listed post as the page's order knows it: its id, earliest matching time (ms, or null) and creation (ms). */
export interface CalendarEntry {
  readonly id: string;
  readonly firstAt: number | null;
  readonly createdAt: number;
}

/**
 * The page's order, the one its ids were chosen in: soonest first (posts without a time last),
 * ties by id, for sort=scheduledAt; else newest first, ties by id descending. Ids compare by
 * code unit, as both databases' binary collations compare these ASCII ids.
 */
export function calendarOrder(query: Pick<PostListQuery, 'sort'>): (a: CalendarEntry, b: CalendarEntry) => number {
  const byId = (a: CalendarEntry, b: CalendarEntry) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  if (query.sort !== 'scheduledAt') return (a, b) => b.createdAt - a.createdAt || byId(b, a);
  return (a, b) => {
    if (a.firstAt === null || b.firstAt === null) return a.firstAt === b.firstAt ? byId(a, b) : a.firstAt === null ? 1 : -1;
    return a.firstAt - b.firstAt || byId(a, b);
  };
}

/**
 * The range in index order, which is calendar order, each post kept at its earliest matching
 * target (no sibling before it), stopping once the page is full: no grouping, no sort.
 */
function walk(d: Dialect, query: PostListQuery): Statement {
  const filter = query.targets!;
  const [from, parameters] = matchingTargets(d, query.workspaceId, filter);
  const status = query.status === undefined ? '' : ` ${leftFirst(d)} posts p ON p.id = t.post_id AND p.status = ?`;
  // A sibling that matches too and comes first: before it in time, or at the same time with a smaller id.
  const [siblings, siblingParameters] = conditionsOf('e', [
    ['connection_id = ?', filter.connectionId],
    ['platform = ?', filter.platform],
    ['calendar_at >= ?', filter.from === undefined ? undefined : d.date(filter.from)],
  ]);
  const earlier = `SELECT 1 FROM post_targets e WHERE e.post_id = t.post_id${siblings.map((s) => ` AND ${s}`).join('')} AND (e.calendar_at < t.calendar_at OR (e.calendar_at = t.calendar_at AND e.id < t.id))`;
  // The join (with its status) goes between the range's FROM and its WHERE, in text and parameters.
  const [tables, where] = splitAtWhere(from);
  return [
    `SELECT t.post_id AS id, t.calendar_at AS first_at ${tables}${status} ${where} AND NOT EXISTS (${earlier}) ORDER BY t.calendar_at, t.post_id LIMIT ? OFFSET ?`,
    [...(query.status === undefined ? [] : [query.status]), ...parameters, ...siblingParameters, query.limit, query.offset],
  ];
}

/** Every matching post with its earliest time, then ordered: the whole range grouped and sorted. */
function grouped(d: Dialect, query: PostListQuery, byCreation: boolean): Statement {
  const [from, parameters] = matchingTargets(d, query.workspaceId, query.targets!);
  // The posts are read only for what the targets do not hold: the status, the creation time.
  const joinPosts = query.status !== undefined || byCreation;
  const status = query.status === undefined ? '' : ' AND p.status = ?';
  const join = joinPosts ? ` ${leftFirst(d)} posts p ON p.id = m.id${status}` : '';
  const order = byCreation ? 'p.created_at DESC, m.id DESC' : 'm.first_at IS NULL, m.first_at, m.id';
  return [
    `SELECT m.id, m.first_at FROM (SELECT t.post_id AS id, MIN(t.calendar_at) AS first_at ${from} GROUP BY t.post_id) m${join} ORDER BY ${order} LIMIT ? OFFSET ?`,
    [...parameters, ...(query.status === undefined ? [] : [query.status]), query.limit, query.offset],
  ];
}

/** sort=scheduledAt alone: every post of the workspace (and status), by its targets' earliest time, those without one last. */
function everyPost(query: PostListQuery): Statement {
  const status = query.status === undefined ? '' : ' AND p.status = ?';
  return [
    'SELECT m.id, m.first_at FROM (SELECT p.id, MIN(t.calendar_at) AS first_at FROM posts p LEFT JOIN post_targets t ON t.post_id = p.id ' +
      `WHERE p.workspace_id = ?${status} GROUP BY p.id) m ORDER BY m.first_at IS NULL, m.first_at, m.id LIMIT ? OFFSET ?`,
    [query.workspaceId, ...(query.status === undefined ? [] : [query.status]), query.limit, query.offset],
  ];
}

/** `FROM post_targets t <its index> WHERE …`: the filter's targets, as one range of the index. */
function matchingTargets(d: Dialect, workspaceId: string, filter: TargetFilter): Statement {
  const [conditions, parameters] = conditionsOf('t', [
    ['workspace_id = ?', workspaceId],
    ['connection_id = ?', filter.connectionId],
    ['platform = ?', filter.platform],
    ['calendar_at >= ?', filter.from === undefined ? undefined : d.date(filter.from)],
    ['calendar_at < ?', filter.to === undefined ? undefined : d.date(filter.to)],
  ]);
  return [`FROM post_targets t ${byIndex(d, calendarIndexFor(filter))} WHERE ${conditions.join(' AND ')}`, parameters];
}

/**
 * `total` of a time range alone (no platform, connection or status: those are counted from
 * the index): the posts with a target in the range's whole UTC days, from the kept counts,
 * plus those with a target only in the partial days at its ends (a range in another time
 * zone, or not from midnight), counted from the calendar index, each checked for a target in
 * the whole days by its own targets. Null when the range holds no whole day: the index range
 * is then at most two days long, and counted as it is.
 */
export function keptCalendarTotal(d: Dialect, workspaceId: string, from: Date | undefined, to: Date | undefined): Statement | null {
  const first = from === undefined ? undefined : Math.ceil(from.getTime() / DAY_MS);
  const end = to === undefined ? undefined : Math.floor(to.getTime() / DAY_MS);
  if (first !== undefined && end !== undefined && first >= end) return null;
  const run: Array<[string, unknown]> = [
    ['workspace_id = ?', workspaceId],
    ['day >= ?', first],
    ['day < ?', end],
  ];
  const [days, dayParameters] = conditionsOf('k', run);
  // A link counted twice in the sum has both its days in the run: day < next_day, so next_day < end suffices.
  const [links, linkParameters] = conditionsOf('l', [...run, ['next_day < ?', end]]);
  let sql = `SELECT (SELECT COALESCE(SUM(k.posts), 0) FROM post_calendar_days k WHERE ${days.join(' AND ')}) - (SELECT COUNT(*) FROM post_calendar_links l WHERE ${links.join(' AND ')})`;
  const parameters = [...dayParameters, ...linkParameters];
  const wholeFrom = first === undefined ? undefined : new Date(first * DAY_MS);
  const wholeTo = end === undefined ? undefined : new Date(end * DAY_MS);
  const ends: Array<[Date, Date]> = [];
  if (from !== undefined && from.getTime() < wholeFrom!.getTime()) ends.push([from, wholeFrom!]);
  if (to !== undefined && wholeTo!.getTime() < to.getTime()) ends.push([wholeTo!, to]);
  if (ends.length > 0) {
    // The partial days' posts (the UNION dedupes a post at both ends), less those with a target in the whole days.
    const range = `SELECT t.post_id FROM post_targets t ${byIndex(d, CALENDAR_INDEX)} WHERE t.workspace_id = ? AND t.calendar_at >= ? AND t.calendar_at < ?`;
    const partial = ends.length === 1 ? range.replace('SELECT', 'SELECT DISTINCT') : `${range} UNION ${range}`;
    const [whole, wholeParameters] = conditionsOf('e', [
      ['calendar_at >= ?', wholeFrom === undefined ? undefined : d.date(wholeFrom)],
      ['calendar_at < ?', wholeTo === undefined ? undefined : d.date(wholeTo)],
    ]);
    // A join with no match rather than NOT EXISTS: MariaDB turns that one into a scan of every target.
    const byPost = byIndex(d, 'idx_post_targets_post_position');
    sql += ` + (SELECT COUNT(*) FROM (${partial}) b LEFT JOIN post_targets e ${byPost} ON e.post_id = b.post_id AND ${whole.join(' AND ')} WHERE e.id IS NULL)`;
    parameters.push(...ends.flatMap(([start, stop]) => [workspaceId, d.date(start), d.date(stop)]), ...wholeParameters);
  }
  return [`${sql} AS total`, parameters];
}

/** The conditions whose value is given, on the table `alias`, with their parameters in the same order. */
function conditionsOf(alias: string, candidates: ReadonlyArray<[condition: string, value: unknown]>): [string[], unknown[]] {
  const given = candidates.filter(([, value]) => value !== undefined);
  return [given.map(([condition]) => `${alias}.${condition}`), given.map(([, value]) => value)];
}

const splitAtWhere = (from: string): [string, string] => {
  const at = from.indexOf(' WHERE ');
  return [from.slice(0, at), from.slice(at + 1)];
};

/** That index, whatever the statistics say: MariaDB's planner has preferred a worse one (TypeOrmWorkspaceReads). */
const byIndex = (d: Dialect, index: string): string => (d.sqlite ? `INDEXED BY ${index}` : `FORCE INDEX (${index})`);

/** A join read in the order written: the targets first, each post then looked up by its key. */
const leftFirst = (d: Dialect): string => (d.sqlite ? 'CROSS JOIN' : 'STRAIGHT_JOIN');
