import { validationError } from '../../../../domain/shared/DomainError';
import { type ReviewBody } from './PostBody';

/**
 * A review's comment, blank as none. Post.requestChanges refuses a missing one too, but as
 * invalid_review and only after the post is found and awaiting review; here it is the body's
 * fault, answered first, as documented.
 */
export function reviewCommentOf(body: ReviewBody): string | null {
  const comment = body.comment?.trim() || null;
  if (body.decision === 'changes_requested' && comment === null) {
    throw validationError('invalid_body', [{ path: 'comment', message: 'is required when asking for changes' }]);
  }
  return comment;
}
