import { type EntityManager } from 'typeorm';
import { Post } from '../../../../../domain/post/Post';
import { type PostSnapshot } from '../../../../../domain/post/PostSnapshot';
import { type PostListQuery } from '../../../../../domain/post/PostRepository';
import { PostMapper } from '../mappers/PostMapper';
import { type PostRow } from '../schemas/PostSchema';
import { type PostTargetRow } from '../schemas/PostTargetSchema';
import { type Dialect, inList, readDate, readJson } from './Dialect';
import { type CalendarEntry, calendarOrder, calendarPage, calendarTotal, isCalendarQuery } from './postCalendar';

/** A row as the driver returns it. */
export type Raw = Record<string, unknown>;

const targetColumns = [
  'id',
  'connection_id',
  'group_id',
  'platform',
  'settings',
  'scheduled_at',
  'status',
  'platform_post_id',
  'platform_post_url',
  'posted_at',
  'error',
  'attempts',
  'published_segments',
  'segment_attempts',
  'segment_checkpoint',
  'position',
  'queued',
]
  .map((column) => `t.${column} AS t_${column}`)
  .join(', ');

/** A post and its targets, one row per target (one with null target columns for a post without any). */
const columns = (d: Dialect): string =>
  'SELECT p.id, p.workspace_id, p.author_user_id, p.status, p.source, p.external_submission_id, p.requested_intent, ' +
  `p.${d.quote('groups')} AS post_groups, p.created_at, p.updated_at, p.version, ${targetColumns} `;
const WITH_TARGETS = 'LEFT JOIN post_targets t ON t.post_id = p.id';

/**
 * One post with its targets in ONE statement, so both come from the same snapshot: a
 * concurrent edit can never show one version's text with another version's targets.
 * `lock` holds the post and its targets until the transaction ends (MySQL).
 */
export async function readPost<T>(manager: EntityManager, d: Dialect, as: PostShape<T>, workspaceId: string, id: string, lock = false): Promise<T | null> {
  const [post] = postsOf(await manager.query<Raw[]>(postSql(d, lock), [id, workspaceId]), as);
  return post ?? null;
}

/** readPost's statement; its parameters are the post's id, then its workspace's. */
export const postSql = (d: Dialect, lock = false): string =>
  `${columns(d)}FROM posts p ${WITH_TARGETS} WHERE p.id = ? AND p.workspace_id = ? ORDER BY t.position${lock ? d.forUpdate : ''}`;

/**
 * Several posts with their targets in ONE statement, locked together until the transaction
 * ends (MySQL), in post id order: the publishing engine's round, whose batches therefore lock
 * the posts they share in the same order.
 */
export async function readPostsLocked<T>(manager: EntityManager, d: Dialect, as: PostShape<T>, ids: readonly string[]): Promise<T[]> {
  if (ids.length === 0) return [];
  const sorted = [...ids].sort();
  const sql = `${columns(d)}FROM posts p ${WITH_TARGETS} WHERE p.id IN (${inList(sorted.length)}) ORDER BY p.id, t.position${d.forUpdate}`;
  return postsOf(await manager.query<Raw[]>(sql, sorted), as);
}

/**
 * readPostsLocked for posts whose last committed save is known here (`known`, by id: the
 * publishing engine's begin, for its record): the same rows locked in the same order (MySQL),
 * but only each post's workspace and version read. A post still at its known version is made
 * from its snapshot; the others (saved since by anyone) are read whole, as readPostsLocked does.
 */
export async function readPostsLockedKnown(
  manager: EntityManager,
  d: Dialect,
  ids: readonly string[],
  known: ReadonlyMap<string, PostSnapshot>,
): Promise<Post[]> {
  if (ids.length === 0) return [];
  const sorted = [...ids].sort();
  // MySQL locks the targets' rows too, as readPostsLocked's join does; SQLite locks no rows, the posts' answer there.
  const [join, order] = d.sqlite ? ['', 'p.id'] : [` ${WITH_TARGETS}`, 'p.id, t.position'];
  const sql = `SELECT p.id, p.workspace_id, p.version FROM posts p${join} WHERE p.id IN (${inList(sorted.length)}) ORDER BY ${order}${d.forUpdate}`;
  const stored = new Map((await manager.query<Raw[]>(sql, sorted)).map((row) => [row.id as string, row]));
  const current: Post[] = [];
  const changed: string[] = [];
  for (const [id, row] of stored) {
    const snapshot = known.get(id);
    const unchanged = snapshot !== undefined && snapshot.workspaceId === row.workspace_id && snapshot.version === Number(row.version);
    if (unchanged) current.push(Post.rehydrate(snapshot));
    else changed.push(id);
  }
  const read = await readPostsLocked(manager, d, AS_AGGREGATE, changed);
  return [...current, ...read].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** What a read makes of the rows: an aggregate to change, or a snapshot to show. */
export type PostShape<T> = (post: PostRow, targets: readonly PostTargetRow[]) => T;
export const AS_AGGREGATE: PostShape<Post> = (post, targets) => PostMapper.toDomain(post, targets);
export const AS_SNAPSHOT: PostShape<PostSnapshot> = (post, targets) => PostMapper.toSnapshot(post, targets);

/**
 * The page's ids from the workspace's index (newest first, ties by id, a "deferred join":
 * rows skipped by a deep offset are never read from the table), joined with their posts and
 * targets, in one statement. The EXPLAIN test reads this text too.
 */
export function pageSql(d: Dialect, withStatus: boolean): string {
  return `${columns(d)}FROM (${pageIdsSql(withStatus)}) page JOIN posts p ON p.id = page.id ${WITH_TARGETS} ORDER BY p.created_at DESC, p.id DESC, t.position`;
}

/** The ids of one page, from the index alone (its parameters: pageParameters). */
export const pageIdsSql = (withStatus: boolean): string =>
  `SELECT id FROM posts WHERE workspace_id = ?${withStatus ? ' AND status = ?' : ''} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`;

export const pageParameters = (query: PostListQuery): unknown[] =>
  query.status === undefined ? [query.workspaceId, query.limit, query.offset] : [query.workspaceId, query.status, query.limit, query.offset];

export async function readPage<T>(manager: EntityManager, d: Dialect, as: PostShape<T>, query: PostListQuery): Promise<T[]> {
  return postsOf(await manager.query<Raw[]>(pageSql(d, query.status !== undefined), pageParameters(query)), as);
}

/** `total`: the workspace's per-status counts summed, read by primary key (at most eight rows). */
export function totalSql(d: Dialect, withStatus: boolean): string {
  return `SELECT COALESCE(SUM(${d.quote('count')}), 0) AS total FROM post_counts WHERE workspace_id = ?${withStatus ? ' AND status = ?' : ''}`;
}

export const totalParameters = (query: Pick<PostListQuery, 'workspaceId' | 'status'>): unknown[] =>
  query.status === undefined ? [query.workspaceId] : [query.workspaceId, query.status];

export async function readTotal(manager: EntityManager, d: Dialect, query: Pick<PostListQuery, 'workspaceId' | 'status'>): Promise<number> {
  const [row] = await manager.query<Array<{ total: unknown }>>(totalSql(d, query.status !== undefined), totalParameters(query));
  return Number(row?.total ?? 0);
}

/** A page and the total the page is out of: the page is read only when it can hold posts. */
export async function listPosts<T>(manager: EntityManager, d: Dialect, as: PostShape<T>, query: PostListQuery): Promise<{ items: T[]; total: number }> {
  if (isCalendarQuery(query)) return listCalendar(manager, d, as, query);
  const total = await readTotal(manager, d, query);
  if (query.limit <= 0 || query.offset >= total) return { items: [], total };
  return { items: await readPage(manager, d, as, query), total };
}

/**
 * The calendar (postCalendar.ts): its page of ids joined with their posts and targets, put in
 * the page's order here rather than by the database (which would sort the wide joined rows),
 * and its total (kept, counted, or post_counts'). On MySQL the total rides in the page's
 * statement, one round trip and one snapshot; SQLite runs such a subquery again for every
 * row, so there it is read first, on its own, as posts.list's is. An empty page carries no
 * total: it is then read alone.
 */
async function listCalendar<T>(manager: EntityManager, d: Dialect, as: PostShape<T>, query: PostListQuery): Promise<{ items: T[]; total: number }> {
  const [counted, countedParameters] = calendarTotal(d, query) ?? [totalSql(d, query.status !== undefined), totalParameters(query)];
  const count = async () => Number((await manager.query<Raw[]>(counted, countedParameters))[0]?.total ?? 0);
  const first = d.sqlite || query.limit <= 0 ? await count() : null;
  if (query.limit <= 0 || (first !== null && query.offset >= first)) return { items: [], total: first ?? 0 };
  const { ids } = calendarPage(d, query);
  const along = first === null ? `, (${counted}) AS page_total` : '';
  const sql = `${columns(d).trimEnd()}, page.first_at AS page_first_at${along} FROM (${ids[0]}) page JOIN posts p ON p.id = page.id ${WITH_TARGETS}`;
  const rows = await manager.query<Raw[]>(sql, first === null ? [...countedParameters, ...ids[1]] : ids[1]);
  const total = first ?? (rows.length === 0 ? await count() : Number(rows[0]!.page_total));
  return {
    items: entriesOf(rows)
      .sort(calendarOrder(query))
      .map((entry) => as(entry.post, entry.targets.sort(byPosition))),
    total,
  };
}

const byPosition = (a: PostTargetRow, b: PostTargetRow): number => a.position - b.position;

/** The joined rows grouped by post, in the order they came, with what the calendar's order reads. */
function entriesOf(rows: readonly Raw[]): Array<CalendarEntry & { post: PostRow; targets: PostTargetRow[] }> {
  const byId = new Map<string, CalendarEntry & { post: PostRow; targets: PostTargetRow[] }>();
  for (const row of rows) {
    const id = row.id as string;
    let entry = byId.get(id);
    if (entry === undefined) {
      const post = postRowOf(row);
      entry = { id, firstAt: readDate(row.page_first_at)?.getTime() ?? null, createdAt: post.createdAt.getTime(), post, targets: [] };
      byId.set(id, entry);
    }
    if (row.t_id !== null && row.t_id !== undefined) entry.targets.push(targetRowOf(row, id));
  }
  return [...byId.values()];
}

/** Joined rows, in order, to aggregates or snapshots: the mappers check every stored value. */
export function postsOf<T>(rows: readonly Raw[], as: PostShape<T>): T[] {
  return entriesOf(rows).map((entry) => as(entry.post, entry.targets));
}

const postRowOf = (row: Raw): PostRow => ({
  id: row.id as string,
  workspaceId: row.workspace_id as string,
  authorUserId: (row.author_user_id as string | null) ?? null,
  status: row.status as string,
  source: row.source as string,
  externalSubmissionId: (row.external_submission_id as string | null) ?? null,
  requestedIntent: (row.requested_intent as string | null) ?? null,
  groups: readJson(row.post_groups) as object,
  createdAt: readDate(row.created_at)!,
  updatedAt: readDate(row.updated_at)!,
  version: Number(row.version),
});

const targetRowOf = (row: Raw, postId: string): PostTargetRow => ({
  id: row.t_id as string,
  postId,
  workspaceId: row.workspace_id as string,
  connectionId: row.t_connection_id as string,
  groupId: row.t_group_id as string,
  platform: row.t_platform as string,
  settings: readJson(row.t_settings) as object,
  scheduledAt: readDate(row.t_scheduled_at),
  status: row.t_status as string,
  platformPostId: (row.t_platform_post_id as string | null) ?? null,
  platformPostUrl: (row.t_platform_post_url as string | null) ?? null,
  postedAt: readDate(row.t_posted_at),
  error: (row.t_error as string | null) ?? null,
  attempts: Number(row.t_attempts),
  publishedSegments: readJson(row.t_published_segments) as object | null,
  segmentAttempts: Number(row.t_segment_attempts),
  segmentCheckpoint: (row.t_segment_checkpoint as string | null) ?? null,
  position: Number(row.t_position),
  queued: Number(row.t_queued) === 1,
});
