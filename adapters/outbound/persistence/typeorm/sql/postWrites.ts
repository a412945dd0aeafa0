import { type EntityManager } from 'typeorm';
import { calendarTimeOf } from '../../../../../domain/post/PostCalendar';
import { type PostReviewRow } from '../schemas/PostReviewSchema';
import { type PostRow } from '../schemas/PostSchema';
import { type PostTargetRow } from '../schemas/PostTargetSchema';
import { changedRows, type Dialect, inList, valuesList } from './Dialect';

/** Rows per set-wise UPDATE: 33 placeholders a target, under SQLite's limit of 32,766. */
const SET_WISE_ROWS = 500;

/** The columns `changeable` gives the values of, in its order. */
const CHANGEABLE_COLUMNS = [
  'platform',
  'settings',
  'scheduled_at',
  'calendar_at',
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
];

/** What updateTargets may set: `changeable`'s columns, then the group. */
const TARGET_COLUMNS = [...CHANGEABLE_COLUMNS, 'group_id'];

/** A column value as it compares: a date (MySQL's parameter) by its time. */
const comparable = (value: unknown): unknown => (value instanceof Date ? value.getTime() : value);

const SETTINGS_AT = TARGET_COLUMNS.indexOf('settings');

/**
 * Whether two targets' settings store the same, mostly without serialising either: each save
 * copies them (PostTargetMapper) but keeps their values, so the same platform and the same
 * values key by key is the same; anything else is compared as it is stored.
 */
function sameSettings(a: object, b: object): boolean {
  const x = a as { platform?: unknown; values?: Readonly<Record<string, unknown>> };
  const y = b as typeof x;
  if (Object.keys(x).length !== 2 || Object.keys(y).length !== 2 || x.values === undefined || y.values === undefined) {
    return JSON.stringify(a) === JSON.stringify(b);
  }
  if (x.platform !== y.platform) return false;
  const keys = Object.keys(x.values);
  if (keys.length !== Object.keys(y.values).length) return false;
  return keys.every((key) => x.values![key] === y.values![key] || JSON.stringify(x.values![key]) === JSON.stringify(y.values![key]));
}

/** `CASE id WHEN ? THEN ? … END`: each row's value, by its id. */
function byCase(rows: ReadonlyArray<{ readonly id: string; readonly value: unknown }>): { sql: string; params: unknown[] } {
  return { sql: `CASE id ${rows.map(() => 'WHEN ? THEN ?').join(' ')} END`, params: rows.flatMap((r) => [r.id, r.value]) };
}

/** `column = CASE id … END, …` for each column: one UPDATE gives every row its own values. */
function setByCase(
  columns: readonly string[],
  rows: ReadonlyArray<{ readonly id: string; readonly values: readonly unknown[] }>,
): { sql: string; params: unknown[] } {
  const cases = columns.map((column, i) => ({ column, ...byCase(rows.map((r) => ({ id: r.id, value: r.values[i] }))) }));
  return { sql: cases.map((c) => `${c.column} = ${c.sql}`).join(', '), params: cases.flatMap((c) => c.params) };
}

/** The statements a post's save is made of: each writes only what changed. */
export class PostWrites {
  constructor(private readonly d: Dialect) {}

  insertPost(m: EntityManager, row: PostRow): Promise<unknown> {
    const sql = `INSERT INTO posts (id, workspace_id, author_user_id, status, source, external_submission_id, requested_intent, ${this.d.quote('groups')}, created_at, updated_at, version) VALUES ${valuesList(1, 11)}`;
    return m.query(sql, [
      row.id,
      row.workspaceId,
      row.authorUserId,
      row.status,
      row.source,
      row.externalSubmissionId,
      row.requestedIntent,
      JSON.stringify(row.groups),
      this.d.date(row.createdAt),
      this.d.date(row.updatedAt),
      row.version,
    ]);
  }

  /**
   * Writes the post row if it is still at the version before `row.version`; true when it was.
   * The groups document only when it changed: a worker recording a target's outcome leaves
   * the content as it is.
   */
  async updatePost(m: EntityManager, row: PostRow, contentChanged: boolean): Promise<boolean> {
    const content = contentChanged ? `, ${this.d.quote('groups')} = ?` : '';
    const sql = `UPDATE posts SET status = ?, source = ?, external_submission_id = ?, requested_intent = ?${content}, updated_at = ?, version = ? WHERE id = ? AND version = ?`;
    const params = [
      row.status,
      row.source,
      row.externalSubmissionId,
      row.requestedIntent,
      ...(contentChanged ? [JSON.stringify(row.groups)] : []),
      this.d.date(row.updatedAt),
      row.version,
      row.id,
      row.version - 1,
    ];
    return (await changedRows(m, sql, params)) === 1;
  }

  /** The stored status and version, locked until commit (MySQL): null when the post is gone. */
  async lockStored(m: EntityManager, id: string): Promise<{ status: string; version: number } | null> {
    const [row] = await m.query<Array<{ status: string; version: unknown }>>(`SELECT status, version FROM posts WHERE id = ?${this.d.forUpdate}`, [id]);
    return row === undefined ? null : { status: row.status, version: Number(row.version) };
  }

  /** Replaces the post row whatever version is stored (a writer that did not lock came first). */
  overwritePost(m: EntityManager, row: PostRow): Promise<unknown> {
    const sql = `UPDATE posts SET status = ?, source = ?, external_submission_id = ?, requested_intent = ?, ${this.d.quote('groups')} = ?, updated_at = ?, version = version + 1 WHERE id = ?`;
    return m.query(sql, [
      row.status,
      row.source,
      row.externalSubmissionId,
      row.requestedIntent,
      JSON.stringify(row.groups),
      this.d.date(row.updatedAt),
      row.id,
    ]);
  }

  deleteAllTargets(m: EntityManager, postId: string): Promise<unknown> {
    return m.query('DELETE FROM post_targets WHERE post_id = ?', [postId]);
  }

  insertTargets(m: EntityManager, rows: readonly PostTargetRow[]): Promise<unknown> {
    if (rows.length === 0) return Promise.resolve();
    const sql =
      'INSERT INTO post_targets (id, post_id, workspace_id, connection_id, group_id, platform, settings, scheduled_at, calendar_at, ' +
      `status, platform_post_id, platform_post_url, posted_at, error, attempts, published_segments, segment_attempts, segment_checkpoint, position, queued) VALUES ${valuesList(rows.length, 20)}`;
    return m.query(
      sql,
      rows.flatMap((t) => [t.id, t.postId, t.workspaceId, t.connectionId, t.groupId, ...this.changeable(t)]),
    );
  }

  /**
   * Several posts in ONE statement, each if it is still at its `storedVersion` (the version
   * before the unit's first save of it): true when every one was. The content stays as it is.
   */
  async updatePosts(m: EntityManager, posts: ReadonlyArray<{ readonly row: PostRow; readonly storedVersion: number }>): Promise<boolean> {
    const rows = posts.map(({ row }) => ({
      id: row.id,
      values: [row.status, row.source, row.externalSubmissionId, row.requestedIntent, this.d.date(row.updatedAt), row.version],
    }));
    const set = setByCase(['status', 'source', 'external_submission_id', 'requested_intent', 'updated_at', 'version'], rows);
    const stored = byCase(posts.map(({ row, storedVersion }) => ({ id: row.id, value: storedVersion })));
    const sql = `UPDATE posts SET ${set.sql} WHERE id IN (${inList(rows.length)}) AND version = ${stored.sql}`;
    return (await changedRows(m, sql, [...set.params, ...rows.map((r) => r.id), ...stored.params])) === rows.length;
  }

  /**
   * Several targets in ONE statement (per 500: under SQLite's 32,766 placeholders), as
   * updateTarget each, setting only `columns` (changedColumns of each): SQLite rewrites the
   * entries of every index on a column an UPDATE sets, changed or not.
   */
  async updateTargets(m: EntityManager, targets: readonly PostTargetRow[], columns: readonly string[]): Promise<void> {
    const set = TARGET_COLUMNS.filter((column) => columns.includes(column));
    if (set.length === 0) return;
    const at = set.map((column) => TARGET_COLUMNS.indexOf(column));
    const withSettings = set.includes('settings');
    for (let from = 0; from < targets.length; from += SET_WISE_ROWS) {
      const rows = targets.slice(from, from + SET_WISE_ROWS).map((t) => {
        const values = this.targetValues(t, withSettings);
        return { id: t.id, values: at.map((i) => values[i]) };
      });
      const cases = setByCase(set, rows);
      await m.query(`UPDATE post_targets SET ${cases.sql} WHERE id IN (${inList(rows.length)})`, [...cases.params, ...rows.map((r) => r.id)]);
    }
  }

  /** The target columns whose stored value `after` changes (settings compared unserialised: sameSettings). */
  changedColumns(before: PostTargetRow, after: PostTargetRow): string[] {
    const was = this.targetValues(before, false).map(comparable);
    const now = this.targetValues(after, false).map(comparable);
    return TARGET_COLUMNS.filter((_, i) => (i === SETTINGS_AT ? !sameSettings(before.settings, after.settings) : was[i] !== now[i]));
  }

  /** The values of TARGET_COLUMNS, in its order; without `settings`, the settings as they are, not serialised. */
  private targetValues(t: PostTargetRow, settings = true): unknown[] {
    return [...this.changeable(t, settings), t.groupId];
  }

  updateTarget(m: EntityManager, t: PostTargetRow): Promise<unknown> {
    const sql =
      'UPDATE post_targets SET platform = ?, settings = ?, scheduled_at = ?, calendar_at = ?, status = ?, platform_post_id = ?, ' +
      'platform_post_url = ?, posted_at = ?, error = ?, attempts = ?, published_segments = ?, segment_attempts = ?, segment_checkpoint = ?, position = ?, queued = ?, group_id = ? ' +
      'WHERE id = ? AND post_id = ?';
    return m.query(sql, [...this.changeable(t), t.groupId, t.id, t.postId]);
  }

  deleteTargets(m: EntityManager, postId: string, ids: readonly string[]): Promise<unknown> {
    if (ids.length === 0) return Promise.resolve();
    return m.query(`DELETE FROM post_targets WHERE post_id = ? AND id IN (${inList(ids.length)})`, [postId, ...ids]);
  }

  insertReviews(m: EntityManager, rows: readonly PostReviewRow[]): Promise<unknown> {
    if (rows.length === 0) return Promise.resolve();
    const sql = `INSERT INTO post_reviews (id, post_id, decision, ${this.d.quote('comment')}, reviewer_user_id, created_at) VALUES ${valuesList(rows.length, 6)}`;
    return m.query(
      sql,
      rows.flatMap((r) => [r.id, r.postId, r.decision, r.comment, r.reviewerUserId, this.d.date(r.createdAt)]),
    );
  }

  /** platform … queued, in the order both statements above list them (settings serialised unless told). */
  private changeable(t: PostTargetRow, settings = true): unknown[] {
    return [
      t.platform,
      settings ? JSON.stringify(t.settings) : t.settings,
      this.d.dateOrNull(t.scheduledAt),
      // Kept with the two times it is made of, in the same statement (PostCalendar migration).
      this.d.dateOrNull(calendarTimeOf(t)),
      t.status,
      t.platformPostId,
      t.platformPostUrl,
      this.d.dateOrNull(t.postedAt),
      t.error,
      t.attempts,
      t.publishedSegments === null ? null : JSON.stringify(t.publishedSegments),
      t.segmentAttempts,
      t.segmentCheckpoint,
      t.position,
      t.queued ? 1 : 0,
    ];
  }
}
