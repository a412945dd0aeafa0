import { type DataSource, type EntityManager } from 'typeorm';
import { AnalyticsDays } from '../analytics/AnalyticsDays';
import { type Post } from '../../../../../domain/post/Post';
import { type PostListQuery, type PostRepository } from '../../../../../domain/post/PostRepository';
import { type PostSnapshot } from '../../../../../domain/post/PostSnapshot';
import { type Review } from '../../../../../domain/post/Review';
import { PostMapper, type PostRows } from '../mappers/PostMapper';
import { PostReviewMapper } from '../mappers/PostReviewMapper';
import { type PostReviewRow } from '../schemas/PostReviewSchema';
import { CalendarDays, calendarDaysOf } from '../sql/calendarDays';
import { type Dialect, dialectOf, readDate } from '../sql/Dialect';
import { PostCounts } from '../sql/postCounts';
import { type ChangedTarget, HeldPostWrites } from '../sql/heldPostWrites';
import { PostTargetMapper } from '../mappers/PostTargetMapper';
import { AS_AGGREGATE, listPosts, readPost, readPostsLocked, readPostsLockedKnown } from '../sql/postReads';
import { PostWrites } from '../sql/postWrites';
import { inTransaction, managerOf } from '../transactionContext';

/**
 * A post is rows in posts, post_targets and post_reviews, read and written with hand-written
 * SQL (docs/performance.md: TypeORM's query building and hydration were most of the time of
 * a read). A read takes the post and its targets in one statement; a save writes only what
 * changed since the post was loaded; the review history is read on its own.
 */
export class TypeOrmPostRepository implements PostRepository {
  private readonly d: Dialect;
  private readonly writes: PostWrites;
  private readonly counts: PostCounts;
  private readonly days: CalendarDays;
  private readonly analyticsDays: AnalyticsDays;
  private readonly held: HeldPostWrites;

  constructor(private readonly dataSource: DataSource) {
    this.d = dialectOf(dataSource);
    this.writes = new PostWrites(this.d);
    this.held = new HeldPostWrites(this.writes);
    this.counts = new PostCounts(this.d);
    this.days = new CalendarDays(this.d);
    this.analyticsDays = new AnalyticsDays(this.d);
  }

  async save(post: Post): Promise<void> {
    const rows = PostMapper.toRows(post);
    const persisted = post.persisted;
    await inTransaction(this.dataSource, async (m) => {
      let countedAs: string | null = persisted?.status ?? null;
      // The calendar days the stored targets are on: those loaded, unless another writer came first.
      let daysBefore = persisted === null ? [] : calendarDaysOf(persisted.targets);
      const inPlace = persisted !== null && this.held.canHold(m) ? changedInPlace(rows, post, persisted) : null;
      if (inPlace !== null) {
        // A set-wise unit (a round of the engine): written at its commit with the others.
        this.held.hold(m, rows.post, inPlace);
      } else if (persisted === null) {
        await this.held.flush(m);
        await this.insertWhole(m, rows);
      } else if (!(await this.updateInPlace(m, rows, post, persisted))) {
        // Another writer saved it since it was loaded (a save without findForUpdate): what it
        // stored is unknown here, so this save replaces the post whole, counted from the status
        // stored now, not the one loaded; a post removed meanwhile is saved anew.
        const stored = await this.writes.lockStored(m, post.id);
        countedAs = stored?.status ?? null;
        daysBefore = stored === null ? [] : await this.days.stored(m, post.id);
        if (stored === null) await this.insertWhole(m, rows);
        else {
          await this.writes.overwritePost(m, rows.post);
          await this.writes.deleteAllTargets(m, post.id);
          await this.writes.insertTargets(m, rows.targets);
        }
      }
      await this.writes.insertReviews(m, rows.newReviews);
      // Both made at commit, the days first (CalendarDays, PostCounts): a day or count row is
      // shared by the workspace's writers, so it is locked as briefly as the transaction allows.
      await this.days.move(m, post.workspaceId, post.id, daysBefore, calendarDaysOf(post.targets));
      const before = countedAs === null ? null : { workspaceId: post.workspaceId, status: countedAs };
      await this.counts.move(m, before, { workspaceId: post.workspaceId, status: post.status });
    });
    post.markSaved();
  }

  async findById(workspaceId: string, id: string): Promise<Post | null> {
    const m = managerOf(this.dataSource);
    await this.held.flush(m);
    return readPost(m, this.d, AS_AGGREGATE, workspaceId, id);
  }

  findForUpdate(workspaceId: string, id: string, known?: PostSnapshot): Promise<Post | null> {
    if (known !== undefined) return this.findManyForUpdate([{ workspaceId, id }], new Map([[id, known]])).then(([post]) => post ?? null);
    // Joins the unit of work's transaction; alone it opens one, and the lock ends with it.
    return inTransaction(this.dataSource, async (m) => {
      await this.held.flush(m);
      return readPost(m, this.d, AS_AGGREGATE, workspaceId, id, true);
    });
  }

  findManyForUpdate(keys: ReadonlyArray<{ readonly workspaceId: string; readonly id: string }>, known?: ReadonlyMap<string, PostSnapshot>): Promise<Post[]> {
    const wanted = new Set(keys.map((k) => `${k.workspaceId}\u0000${k.id}`));
    return inTransaction(this.dataSource, async (m) => {
      await this.held.flush(m);
      const ids = [...new Set(keys.map((k) => k.id))];
      // Posts whose last save is known (the engine's record) are locked and checked, not read (readPostsLockedKnown).
      const posts =
        known === undefined || known.size === 0 ? await readPostsLocked(m, this.d, AS_AGGREGATE, ids) : await readPostsLockedKnown(m, this.d, ids, known);
      return posts.filter((post) => wanted.has(`${post.workspaceId}\u0000${post.id}`));
    });
  }

  list(query: PostListQuery): Promise<{ items: Post[]; total: number }> {
    return listPosts(managerOf(this.dataSource), this.d, AS_AGGREGATE, query);
  }

  async listReviews(workspaceId: string, postId: string): Promise<Review[] | null> {
    const sql =
      `SELECT r.id, r.decision, r.${this.d.quote('comment')} AS review_comment, r.reviewer_user_id, r.created_at FROM posts p ` +
      'LEFT JOIN post_reviews r ON r.post_id = p.id WHERE p.id = ? AND p.workspace_id = ? ORDER BY r.created_at, r.id';
    const rows = await managerOf(this.dataSource).query<Array<Record<string, unknown>>>(sql, [postId, workspaceId]);
    if (rows.length === 0) return null;
    return rows.filter((row) => row.id !== null).map((row) => PostReviewMapper.toReview(reviewRowOf(row, postId)));
  }

  async remove(workspaceId: string, id: string): Promise<boolean> {
    return inTransaction(this.dataSource, async (m) => {
      await this.held.flush(m);
      // The status and calendar days to count down, locked (MySQL) so that they are the ones being deleted.
      const rows = await m.query<Array<{ status: string; calendar_at: unknown }>>(
        `SELECT p.status, t.calendar_at FROM posts p LEFT JOIN post_targets t ON t.post_id = p.id WHERE p.id = ? AND p.workspace_id = ?${this.d.forUpdate}`,
        [id, workspaceId],
      );
      const row = rows[0];
      if (row === undefined) return false;
      const days = calendarDaysOf(rows.map((r) => ({ postedAt: readDate(r.calendar_at), scheduledAt: null })));
      // Its links deleted now, its days counted down at commit, before its status.
      await this.days.move(m, workspaceId, id, days, []);
      // Counted down at commit, like every move (PostCounts): the delete's cascade locks index
      // gaps of publish_jobs (and of targets and reviews), but a transaction holding a count
      // row has nothing left to take but other count rows, so none waits for those gaps.
      await this.counts.move(m, { workspaceId, status: row.status }, null);
      // Its live figures, taken out of the analytics' kept days once the delete's cascade took them.
      const figures = await this.analyticsDays.liveTargets(m, [id]);
      // Targets, reviews and publish jobs go with it through their ON DELETE CASCADE keys.
      await m.query('DELETE FROM posts WHERE id = ? AND workspace_id = ?', [id, workspaceId]);
      await this.analyticsDays.takeOut(m, figures);
      return true;
    });
  }

  /** The post row if still at the version loaded, then its changed targets: false when another writer came first. */
  private async updateInPlace(m: EntityManager, rows: PostRows, post: Post, persisted: NonNullable<Post['persisted']>): Promise<boolean> {
    await this.held.flush(m);
    if (!(await this.writes.updatePost(m, rows.post, post.groups !== persisted.groups))) return false;
    await this.writeChangedTargets(m, rows, post.targets, persisted.targets);
    return true;
  }

  private async insertWhole(m: EntityManager, rows: PostRows): Promise<void> {
    await this.writes.insertPost(m, rows.post);
    await this.writes.insertTargets(m, rows.targets);
  }

  /** Targets are kept by id: dropped ones deleted, changed or moved ones updated, new ones inserted. */
  private async writeChangedTargets(m: EntityManager, rows: PostRows, now: Post['targets'], before: Post['targets']): Promise<void> {
    const stored = new Map(before.map((target, position) => [target.id, { target, position }]));
    const current = new Map(rows.targets.map((row) => [row.id, row]));
    const added = rows.targets.filter((row) => !stored.has(row.id));
    // Targets are immutable: a changed one is another object (rows.targets[i] is now[i]).
    const changed = rows.targets.filter((row, position) => {
      const was = stored.get(row.id);
      return was !== undefined && (was.position !== position || was.target !== now[position]);
    });
    await this.writes.deleteTargets(
      m,
      rows.post.id,
      [...stored.keys()].filter((id) => !current.has(id)),
    );
    for (const row of changed) await this.writes.updateTarget(m, row);
    await this.writes.insertTargets(m, added);
  }
}

/**
 * The changed targets' rows when the save changes rows in place only (same content, the same
 * targets in the same places, no review decided), which a set-wise unit can hold back; else null.
 */
function changedInPlace(rows: PostRows, post: Post, persisted: NonNullable<Post['persisted']>): ChangedTarget[] | null {
  if (post.groups !== persisted.groups || rows.newReviews.length > 0 || persisted.targets.length !== rows.targets.length) return null;
  if (rows.targets.some((row, position) => persisted.targets[position]!.id !== row.id)) return null;
  // Targets are immutable: a changed one is another object (rows.targets[i] is post.targets[i]).
  return rows.targets.flatMap((row, position) => {
    const before = persisted.targets[position]!;
    return before === post.targets[position] ? [] : [{ row, before: PostTargetMapper.toRow(before.toSnapshot(), post, position) }];
  });
}

const reviewRowOf = (row: Record<string, unknown>, postId: string): PostReviewRow => ({
  id: row.id as string,
  postId,
  decision: row.decision as string,
  comment: (row.review_comment as string | null) ?? null,
  reviewerUserId: row.reviewer_user_id as string,
  createdAt: readDate(row.created_at)!,
});
