import { type PostListQuery } from '../../domain/post/PostRepository';
import { type PostSnapshot } from '../../domain/post/PostSnapshot';

/**
 * The read side of posts: what posts.get and posts.list show, straight from storage as
 * snapshots, never rebuilt into aggregates (docs/performance.md: rebuilding and copying
 * every read was a large share of a read's time). Changes go through PostRepository.
 */
export interface PostViews {
  /** A post of that workspace with its targets, read as of one moment; null for another workspace's. */
  find(workspaceId: string, id: string): Promise<PostSnapshot | null>;
  /** In PostRepository.list's order (query.sort); total ignores paging. */
  list(query: PostListQuery): Promise<{ items: PostSnapshot[]; total: number }>;
}
