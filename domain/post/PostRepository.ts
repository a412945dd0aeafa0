import { type Post } from './Post';
import { type PostStatus } from './PostStatus';

export interface PostListQuery {
  readonly workspaceId: string;
  readonly status?: PostStatus;
  readonly limit: number;
  readonly offset: number;
}

export interface PostRepository {
  /** Inserts or replaces the whole aggregate (groups, targets, reviews) in one transaction. */
  save(post: Post): Promise<void>;
  /** A post of that workspace, or null: a post of another workspace is never returned. */
  findById(workspaceId: string, id: string): Promise<Post | null>;
  /**
   * Like findById, and locks the post until the enclosing unit of work ends, so two
   * read-change-save cycles on one post run one after the other instead of losing an update.
   */
  findForUpdate(workspaceId: string, id: string): Promise<Post | null>;
  /** Newest first (createdAt descending), ties broken by id descending; total ignores paging. */
  list(query: PostListQuery): Promise<{ items: Post[]; total: number }>;
  /** Deletes the post and everything it holds; false when there was nothing to delete. */
  remove(workspaceId: string, id: string): Promise<boolean>;
}
