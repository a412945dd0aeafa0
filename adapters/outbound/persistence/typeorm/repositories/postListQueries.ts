import { type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { type PostListQuery } from '../../../../../domain/post/PostRepository';
import { type PostCountRow, PostCountSchema } from '../schemas/PostCountSchema';
import { type PostRow, PostSchema } from '../schemas/PostSchema';

/**
 * The two queries behind posts.list, kept apart so the index test can EXPLAIN exactly what
 * the repository runs. The page comes from idx_posts_workspace_created (or, with a status,
 * idx_posts_workspace_status_created): equality on the leading columns, then the index
 * order read backwards, so no sort happens however many posts a workspace holds. The total
 * comes from post_counts, whatever the number of posts.
 */
function filtered(manager: EntityManager, query: Pick<PostListQuery, 'workspaceId' | 'status'>): SelectQueryBuilder<PostRow> {
  const builder = manager.createQueryBuilder(PostSchema, 'p').where('p.workspaceId = :workspaceId', { workspaceId: query.workspaceId });
  return query.status === undefined ? builder : builder.andWhere('p.status = :status', { status: query.status });
}

/**
 * The ids of one page, newest first, ties by id. Only ids: the index covers them, so rows
 * skipped by a deep offset are never read from the table (a "deferred join").
 */
export function pageOfPostIdsQuery(manager: EntityManager, query: PostListQuery): SelectQueryBuilder<PostRow> {
  return filtered(manager, query).select('p.id', 'id').orderBy('p.createdAt', 'DESC').addOrderBy('p.id', 'DESC').limit(query.limit).offset(query.offset);
}

/**
 * `total`: the workspace's per-status counts summed (one row of them with a status), read by
 * primary key: at most eight rows, however many posts. 0 for a workspace without any.
 * Raw column `total`, a number on SQLite and a decimal string on MySQL.
 */
export function postTotalQuery(manager: EntityManager, query: Pick<PostListQuery, 'workspaceId' | 'status'>): SelectQueryBuilder<PostCountRow> {
  const builder = manager
    .createQueryBuilder(PostCountSchema, 'c')
    .select('COALESCE(SUM(c.count), 0)', 'total')
    .where('c.workspaceId = :workspaceId', { workspaceId: query.workspaceId });
  return query.status === undefined ? builder : builder.andWhere('c.status = :status', { status: query.status });
}
