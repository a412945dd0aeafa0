import { validationError } from '../shared/DomainError';

export const REVIEW_DECISIONS = ['approved', 'changes_requested'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** One reviewer decision, kept on the post as its review history. */
export interface Review {
  readonly id: string;
  readonly decision: ReviewDecision;
  readonly comment: string | null;
  readonly reviewerUserId: string;
  readonly createdAt: Date;
}

/** Who decides, and the id the caller chose for the record (the domain makes no ids). */
export interface ReviewerAction {
  readonly reviewId: string;
  readonly reviewerUserId: string;
}

export function recordReview(by: ReviewerAction, decision: ReviewDecision, comment: string | null, at: Date): Review {
  // Asking for changes without saying which leaves the author guessing.
  if (decision === 'changes_requested' && (comment === null || comment.trim() === '')) {
    throw validationError('invalid_review', [{ path: 'comment', message: 'must say what should change' }]);
  }
  return Object.freeze({
    id: by.reviewId,
    decision,
    comment: comment === null || comment.trim() === '' ? null : comment,
    reviewerUserId: by.reviewerUserId,
    createdAt: new Date(at),
  });
}

export const rehydrateReview = (review: Review): Review => Object.freeze({ ...review, createdAt: new Date(review.createdAt) });
