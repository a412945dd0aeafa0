import { REVIEW_DECISIONS, type Review } from '../../../../../domain/post/Review';
import { type PostReviewRow } from '../schemas/PostReviewSchema';
import { requireDate, requireOneOf } from './RowMappingError';

export const PostReviewMapper = {
  toReview(row: PostReviewRow): Review {
    const where = { table: 'post_reviews', key: row.id };
    return {
      id: row.id,
      decision: requireOneOf(REVIEW_DECISIONS, row.decision, { ...where, column: 'decision' }),
      comment: row.comment ?? null,
      reviewerUserId: row.reviewerUserId,
      createdAt: requireDate(row.createdAt, { ...where, column: 'created_at' }),
    };
  },

  toRow(review: Review, postId: string): PostReviewRow {
    return {
      id: review.id,
      postId,
      decision: review.decision,
      comment: review.comment,
      reviewerUserId: review.reviewerUserId,
      createdAt: review.createdAt,
    };
  },
};
