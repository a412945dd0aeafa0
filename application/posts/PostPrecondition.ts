import { type Post } from '../../domain/post/Post';
import { preconditionFailed } from '../../domain/shared/DomainError';

/**
 * What a client that read a post expects of it before changing it (If-Match): any stored
 * version (`*`), or one of the versions listed. Absent: no condition, the last writer wins
 * (docs/product.md, "Review rules").
 */
export interface PostPrecondition {
  readonly anyVersion: boolean;
  readonly versions: readonly number[];
}

/**
 * Checked on the post as loaded under its lock (PostStore), so no other writer can change
 * it between the check and the save: of concurrent writers holding one version, one wins.
 */
export function assertPreconditionHolds(post: Post, precondition: PostPrecondition | undefined): void {
  if (precondition === undefined || precondition.anyVersion) return;
  if (precondition.versions.includes(post.version)) return;
  throw preconditionFailed('precondition_failed', `the post has changed since it was read (it is at version ${post.version}); read it again and retry`);
}
