import { type Post } from './Post';
import { type PostListSort, type TargetFilter } from './PostCalendar';
import { type PostSnapshot } from './PostSnapshot';
import { type PostStatus } from './PostStatus';
import { type Review } from './Review';

export interface PostListQuery {
  readonly workspaceId: string;
  readonly status?: PostStatus;
  /** Only posts with a target meeting all of it (PostCalendar.ts); absent: every post. */
  readonly targets?: TargetFilter;
  /** Absent: createdAt, newest first, ties by id descending. */
  readonly sort?: PostListSort;
  readonly limit: number;
  readonly offset: number;
}

export interface PostRepository {
  /**
   * Stores what changed since the post was loaded (or all of a new one): the post row, the
   * targets added, changed or dropped, the reviews decided since. An existing post must have
   * been loaded with findForUpdate in the same unit of work, so nobody changed it meanwhile.
   * Marks the post saved.
   */
  save(post: Post): Promise<void>;
  /** A post of that workspace with its targets, read as of one moment; null for another workspace's. */
  findById(workspaceId: string, id: string): Promise<Post | null>;
  /**
   * Like findById, and locks the post until the enclosing unit of work ends, so two
   * read-change-save cycles on one post run one after the other instead of losing an update.
   * `known`: the post as a committed save left it (the publishing engine's begin); while the
   * post is still at that version, storage may lock it and check the version only, and
   * answer the post made from `known` instead of reading it whole.
   */
  findForUpdate(workspaceId: string, id: string, known?: PostSnapshot): Promise<Post | null>;
  /**
   * findForUpdate for several posts in one read, locked together in post id order (the
   * publishing engine's rounds). A post gone, or of another workspace than its key names, is
   * not among them. `known`: by post id, as findForUpdate's.
   */
  findManyForUpdate(keys: ReadonlyArray<{ readonly workspaceId: string; readonly id: string }>, known?: ReadonlyMap<string, PostSnapshot>): Promise<Post[]>;
  /**
   * Newest first (createdAt descending), ties broken by id descending; with sort scheduledAt,
   * by earliestCalendarTime ascending, posts without one last, ties by id ascending. total
   * ignores paging.
   */
  list(query: PostListQuery): Promise<{ items: Post[]; total: number }>;
  /** The post's review history, oldest first; null when the workspace has no such post. */
  listReviews(workspaceId: string, postId: string): Promise<Review[] | null>;
  /** Deletes the post and everything it holds; false when there was nothing to delete. */
  remove(workspaceId: string, id: string): Promise<boolean>;
}
