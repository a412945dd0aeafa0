import { type Post } from '../../../../domain/post/Post';
import { type Review } from '../../../../domain/post/Review';
import { type Target } from '../../../../domain/post/Target';
import { timestamp } from './present';

const optionalTime = (date: Date | null) => (date === null ? null : timestamp(date));

/** Numbers SPEC.md lets be NaN/±Infinity go out as those strings (JSON has no such numbers). */
const wireNumber = (n: number | null) => (n === null || Number.isFinite(n) ? n : String(n));

/** Exactly SPEC.md's Target fields. */
export const presentTarget = (t: Target) => ({
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

/** Exactly SPEC.md's Post fields: the review history has its own endpoint. */
export const presentPost = (post: Post) => {
  const s = post.toSnapshot();
  return {
    id: s.id,
    workspaceId: s.workspaceId,
    status: s.status,
    groups: s.groups.map((g) => ({
      id: g.id,
      isDefault: g.isDefault,
      segments: g.segments.map((seg) => ({
        text: seg.text,
        media: seg.media.map((m) => ({ ...m, thumbnailTimestamp: wireNumber(m.thumbnailTimestamp) })),
        delayMinutes: wireNumber(seg.delayMinutes),
      })),
    })),
    targets: post.targets.map(presentTarget),
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
