import { type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { type PostListQuery } from '../../../../../domain/post/PostRepository';
import { type PostRow, PostSchema } from '../schemas/PostSchema';

/**
 * The two queries behind posts.list, kept apart so the index test can EXPLAIN exactly what
 * the repository runs. Both are answered from idx_posts_workspace_created (or, with a
 * status, idx_posts_workspace_status_created): equality on the leading columns, then the
 * index order read backwards, so no sort happens however many posts a workspace holds.
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
  return filtered(manager, query)
    .select('p.id', 'id')
    .orderBy('p.createdAt', 'DESC')
    .addOrderBy('p.id', 'DESC')
    .limit(query.limit)
    .offset(query.offset);
}

export function countPostsQuery(manager: EntityManager, query: Pick<PostListQuery, 'workspaceId' | 'status'>): SelectQueryBuilder<PostRow> {
  return filtered(manager, query).select('COUNT(*)', 'total');
}
