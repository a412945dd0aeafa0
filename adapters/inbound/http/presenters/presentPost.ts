import { Post } from '../../../../domain/post/Post';
import { type PostSnapshot } from '../../../../domain/post/PostSnapshot';
import { type Review } from '../../../../domain/post/Review';
import { type TargetSnapshot } from '../../../../domain/post/Target';
import { timestamp } from './present';

const optionalTime = (date: Date | null) => (date === null ? null : timestamp(date));

/** Exactly the Target fields of docs/spec.md (a Target has them as getters, a snapshot as fields). */
export const presentTarget = (t: TargetSnapshot) => ({
  id: t.id,
  connectionId: t.connectionId,
  groupId: t.groupId,
  settings: { platform: t.settings.platform, values: { ...t.settings.values } },
  scheduledAt: optionalTime(t.scheduledAt),
  status: t.status,
  platformPostId: t.platformPostId,
  platformPostUrl: t.platformPostUrl,
  postedAt: optionalTime(t.postedAt),
  error: t.error,
  attempts: t.attempts,
});

/**
 * Exactly the Post fields of docs/spec.md: the review history has its own endpoint. Groups go
 * out as stored: a snapshot's groups have exactly the response's fields, and their numbers
 * are finite (a segment refuses NaN and ±Infinity where a finite value is meant).
 */
export const presentPost = (post: Post | PostSnapshot) => {
  const s = post instanceof Post ? post.toSnapshot() : post;
  return {
    id: s.id,
    workspaceId: s.workspaceId,
    status: s.status,
    groups: s.groups,
    targets: s.targets.map(presentTarget),
    source: s.source,
    externalSubmissionId: s.externalSubmissionId,
    createdAt: timestamp(s.createdAt),
    updatedAt: timestamp(s.updatedAt),
  };
};

export const presentReview = (r: Review) => ({
  id: r.id,
  decision: r.decision,
  comment: r.comment,
  reviewerUserId: r.reviewerUserId,
  createdAt: timestamp(r.createdAt),
});
