import { type DataSource, type EntityManager, In } from 'typeorm';
import { type Post } from '../../../../../domain/post/Post';
import { type PostListQuery, type PostRepository } from '../../../../../domain/post/PostRepository';
import { PostMapper } from '../mappers/PostMapper';
import { PostCountSchema } from '../schemas/PostCountSchema';
import { type PostReviewRow, PostReviewSchema } from '../schemas/PostReviewSchema';
import { type PostRow, PostSchema } from '../schemas/PostSchema';
import { type PostTargetRow, PostTargetSchema } from '../schemas/PostTargetSchema';
import { inTransaction, managerOf } from '../transactionContext';
import { orderByIds } from './orderByIds';
import { pageOfPostIdsQuery, postTotalQuery } from './postListQueries';

/** Where a post is counted in post_counts. */
interface CountKey {
  workspaceId: string;
  status: string;
}

/** Code-unit order, the same on every run: the order count rows are locked in. */
const compareKeys = (a: CountKey, b: CountKey): number =>
  a.workspaceId < b.workspaceId ? -1 : a.workspaceId > b.workspaceId ? 1 : a.status < b.status ? -1 : a.status > b.status ? 1 : 0;

/**
 * A post is three tables (posts, post_targets, post_reviews); every read returns the whole
 * aggregate. post_counts keeps how many posts each workspace holds per status, written in
 * the transaction of every save and remove, so posts.list reads its total without a COUNT.
 */
export class TypeOrmPostRepository implements PostRepository {
  constructor(private readonly dataSource: DataSource) {}

  async save(post: Post): Promise<void> {
    const rows = PostMapper.toRows(post);
    await inTransaction(this.dataSource, async (manager) => {
      const before = await this.countedAs(manager, rows.post.id);
      // The primary key is the only unique key of posts, so MySQL's any-key upsert is safe.
      await manager.upsert(PostSchema, rows.post, ['id']);
      if (before !== null) {
        // Locking deletes see the latest committed children, so the last writer wins cleanly.
        await manager.delete(PostTargetSchema, { postId: rows.post.id });
        await manager.delete(PostReviewSchema, { postId: rows.post.id });
      }
      if (rows.targets.length > 0) await manager.insert(PostTargetSchema, rows.targets);
      if (rows.reviews.length > 0) await manager.insert(PostReviewSchema, rows.reviews);
      // Last: a count row is shared by the workspace's writers of that status, so it is
      // locked as briefly as the transaction allows, after the rows that are the post's own.
      await this.recount(manager, before, { workspaceId: rows.post.workspaceId, status: rows.post.status });
    });
  }

  async findById(workspaceId: string, id: string): Promise<Post | null> {
    const manager = managerOf(this.dataSource);
    const row = await manager.findOneBy(PostSchema, { id, workspaceId });
    if (row === null) return null;
    const [post] = await this.assemble(manager, [row]);
    return post!;
  }

  findForUpdate(workspaceId: string, id: string): Promise<Post | null> {
    // Joins the unit of work's transaction; alone it opens one, and the lock ends with it.
    return inTransaction(this.dataSource, async (manager) => {
      const query = manager.createQueryBuilder(PostSchema, 'post').where('post.id = :id AND post.workspaceId = :workspaceId', { id, workspaceId });
      // SQLite has no row locks (and one writer at a time anyway); MySQL holds this row until commit.
      if (this.locksRows) query.setLock('pessimistic_write');
      const row = await query.getOne();
      if (row === null) return null;
      const [post] = await this.assemble(manager, [row]);
      return post!;
    });
  }

  async list(query: PostListQuery): Promise<{ items: Post[]; total: number }> {
    const manager = managerOf(this.dataSource);
    const counted = await postTotalQuery(manager, query).getRawOne<{ total: number | string | null }>();
    const total = Number(counted?.total ?? 0);
    if (query.limit <= 0 || query.offset >= total) return { items: [], total };
    const ids = (await pageOfPostIdsQuery(manager, query).getRawMany<{ id: string }>()).map((r) => r.id);
    if (ids.length === 0) return { items: [], total };
    const rows = orderByIds(ids, await manager.findBy(PostSchema, { id: In(ids) }), (row) => row.id);
    return { items: await this.assemble(manager, rows), total };
  }

  async remove(workspaceId: string, id: string): Promise<boolean> {
    return inTransaction(this.dataSource, async (manager) => {
      // The status to count down, locked (MySQL) so that it is the one being deleted.
      const read = `SELECT status FROM posts WHERE id = ? AND workspace_id = ?${this.locksRows ? ' FOR UPDATE' : ''}`;
      const [row] = await manager.query<Array<{ status: string }>>(read, [id, workspaceId]);
      if (row === undefined) return false;
      // Counted down BEFORE the delete: its cascade locks index gaps of publish_jobs (and of
      // targets and reviews), where a save of another post that already holds this count
      // row may be about to queue jobs; waiting for the row after taking them would deadlock.
      await this.recount(manager, { workspaceId, status: row.status }, null);
      // Targets, reviews and publish jobs go with it through their ON DELETE CASCADE keys.
      const result = await manager.delete(PostSchema, { id, workspaceId });
      // The row is locked (MySQL) or nothing else writes (SQLite): the delete cannot miss it.
      if ((result.affected ?? 0) === 0) throw new Error(`post ${id} vanished while being removed`);
      return true;
    });
  }

  /** SQLite has no row locks (and one writer at a time anyway); MySQL has, and needs them. */
  private get locksRows(): boolean {
    return this.dataSource.options.type !== 'better-sqlite3';
  }

  /**
   * Where the stored post is counted now (its workspace and status), or null for a new post.
   *
   * A plain (non-locking) read first: on MySQL, a locking read or a DELETE that finds nothing
   * locks the gap where the new post (and its children) would go, and two concurrent creates
   * then deadlock on their inserts. A new post skips the locking read and the DELETEs.
   * An existing post is read again with a lock: the plain read sees the transaction's
   * snapshot, the locking read the latest committed status, held until commit, so two saves
   * of one post that race (without findForUpdate) cannot both count down its old status.
   * Under findForUpdate the post is locked already and the second read waits for nothing.
   */
  private async countedAs(manager: EntityManager, id: string): Promise<CountKey | null> {
    const read = 'SELECT workspace_id AS workspaceId, status FROM posts WHERE id = ?';
    const [seen] = await manager.query<CountKey[]>(read, [id]);
    if (seen === undefined) return null;
    if (!this.locksRows) return seen;
    // Gone meanwhile (removed by a transaction that committed since): saved anew, counted anew.
    const [locked] = await manager.query<CountKey[]>(`${read} FOR UPDATE`, [id]);
    return locked ?? null;
  }

  /**
   * Moves the post's count from `before` to `after` (null: not counted there), in the
   * transaction of the write, so the counts commit or roll back with the posts.
   *
   * Concurrency on MySQL: a count row goes up by an atomic `count = count + 1`, once the
   * row is known to exist. A plain read tells, without a lock: a row once made stays (until
   * its workspace goes), so one the snapshot shows is there for the UPDATE too. A row the
   * snapshot lacks is made first, and that must take neither a shared lock nor a gap lock:
   * - UPDATE first and INSERT when it matched nothing: the UPDATE that finds nothing locks
   *   the gap where the row goes (new workspaces' rows all go at the end of the key), and
   *   two creates that both did so deadlock on their INSERTs;
   * - INSERT and ignore (or catch) the duplicate: a duplicate takes a SHARED lock on the row,
   *   and two transactions holding it both wait to upgrade to the UPDATE's exclusive lock.
   * TypeORM's upsert (ON DUPLICATE KEY UPDATE on MySQL, ON CONFLICT DO UPDATE on SQLite),
   * updating nothing that matters, takes the EXCLUSIVE lock on a duplicate instead: a second
   * creator waits for the first one's commit and then counts on top of it.
   *
   * A count row is shared by the workspace's writers of that status, and its lock lasts to
   * the commit: the reads come first, so only the UPDATEs (and what follows the save in the
   * unit of work) run while it is held. Two rows (a status change) are locked in key order,
   * so two opposite changes cannot hold one each. SQLite has one writer: nothing interleaves.
   */
  private async recount(manager: EntityManager, before: CountKey | null, after: CountKey | null): Promise<void> {
    if (before !== null && after !== null && before.workspaceId === after.workspaceId && before.status === after.status) return;
    // Down-counts need no check: a counted post's row exists.
    const missing = after !== null
      && (await manager.query<unknown[]>('SELECT 1 AS found FROM post_counts WHERE workspace_id = ? AND status = ?', [after.workspaceId, after.status])).length === 0;
    const count = manager.connection.driver.escape('count');
    const changes: Array<[CountKey, 1 | -1]> = [];
    if (before !== null) changes.push([before, -1]);
    if (after !== null) changes.push([after, 1]);
    changes.sort(([a], [b]) => compareKeys(a, b));
    for (const [key, delta] of changes) {
      if (delta > 0 && missing) {
        await manager.createQueryBuilder().insert().into(PostCountSchema)
          .values({ workspaceId: key.workspaceId, status: key.status, count: 0 })
          .orUpdate(['workspace_id'], ['workspace_id', 'status'])
          .updateEntity(false)
          .execute();
      }
      await manager.query(`UPDATE post_counts SET ${count} = ${count} + ? WHERE workspace_id = ? AND status = ?`, [delta, key.workspaceId, key.status]);
    }
  }

  /** Loads the children of all `rows` in one query per table, whatever the page size. */
  private async assemble(manager: EntityManager, rows: readonly PostRow[]): Promise<Post[]> {
    const postIds = rows.map((row) => row.id);
    const [targets, reviews] = await Promise.all([
      manager.find(PostTargetSchema, { where: { postId: In(postIds) }, order: { postId: 'ASC', position: 'ASC' } }),
      // Reviews are appended as they happen; the id breaks a tie within one millisecond.
      manager.find(PostReviewSchema, { where: { postId: In(postIds) }, order: { postId: 'ASC', createdAt: 'ASC', id: 'ASC' } }),
    ]);
    const targetsOf = groupByPost(targets);
    const reviewsOf = groupByPost(reviews);
    return rows.map((row) => PostMapper.toDomain(row, targetsOf.get(row.id) ?? [], reviewsOf.get(row.id) ?? []));
  }
}

function groupByPost<T extends PostTargetRow | PostReviewRow>(rows: readonly T[]): Map<string, T[]> {
  const byPost = new Map<string, T[]>();
  for (const row of rows) byPost.set(row.postId, [...(byPost.get(row.postId) ?? []), row]);
  return byPost;
}
