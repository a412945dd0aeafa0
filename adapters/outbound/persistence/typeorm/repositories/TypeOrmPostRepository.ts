import { injectable } from 'inversify';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { type Post } from '../../../../../domain/post/Post';
import { type PostListQuery, type PostRepository } from '../../../../../domain/post/PostRepository';
import { PostMapper } from '../mappers/PostMapper';
import { type PostReviewRow, PostReviewSchema } from '../schemas/PostReviewSchema';
import { type PostRow, PostSchema } from '../schemas/PostSchema';
import { type PostTargetRow, PostTargetSchema } from '../schemas/PostTargetSchema';
import { inTransaction, managerOf } from '../transactionContext';
import { orderByIds } from './orderByIds';
import { countPostsQuery, pageOfPostIdsQuery } from './postListQueries';

/** A post is three tables (posts, post_targets, post_reviews); every read returns the whole aggregate. */
@injectable()
export class TypeOrmPostRepository implements PostRepository {
  constructor(private readonly dataSource: DataSource) {}

  async save(post: Post): Promise<void> {
    const rows = PostMapper.toRows(post);
    await inTransaction(this.dataSource, async (manager) => {
      // A plain (non-locking) read: on MySQL, a DELETE that finds nothing locks the gap where
      // the new post's children would go, and two concurrent creates then deadlock on their
      // inserts. A new post has no children to delete, so it skips the DELETEs altogether.
      const existed = await manager.exists(PostSchema, { where: { id: rows.post.id } });
      // The primary key is the only unique key of posts, so MySQL's any-key upsert is safe.
      await manager.upsert(PostSchema, rows.post, ['id']);
      if (existed) {
        // Locking deletes see the latest committed children, so the last writer wins cleanly.
        await manager.delete(PostTargetSchema, { postId: rows.post.id });
        await manager.delete(PostReviewSchema, { postId: rows.post.id });
      }
      if (rows.targets.length > 0) await manager.insert(PostTargetSchema, rows.targets);
      if (rows.reviews.length > 0) await manager.insert(PostReviewSchema, rows.reviews);
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
      if (this.dataSource.options.type !== 'better-sqlite3') query.setLock('pessimistic_write');
      const row = await query.getOne();
      if (row === null) return null;
      const [post] = await this.assemble(manager, [row]);
      return post!;
    });
  }

  async list(query: PostListQuery): Promise<{ items: Post[]; total: number }> {
    const manager = managerOf(this.dataSource);
    const counted = await countPostsQuery(manager, query).getRawOne<{ total: number | string }>();
    const total = Number(counted?.total ?? 0);
    if (query.limit <= 0 || query.offset >= total) return { items: [], total };
    const ids = (await pageOfPostIdsQuery(manager, query).getRawMany<{ id: string }>()).map((r) => r.id);
    if (ids.length === 0) return { items: [], total };
    const rows = orderByIds(ids, await manager.findBy(PostSchema, { id: In(ids) }), (row) => row.id);
    return { items: await this.assemble(manager, rows), total };
  }

  async remove(workspaceId: string, id: string): Promise<boolean> {
    // Targets, reviews and publish jobs go with it through their ON DELETE CASCADE keys.
    const result = await managerOf(this.dataSource).delete(PostSchema, { id, workspaceId });
    return (result.affected ?? 0) > 0;
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
