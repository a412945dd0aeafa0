import { type PostRequest } from '../../../../application/posts/PostRequest';
import { type TargetChanges } from '../../../../domain/post/PostInputs';
import { type PostBody, type TargetUpdateBody } from './PostBody';

/** RFC 3339 with any offset in, an instant out (the DTO already checked the format). */
const instant = (value: string | null | undefined): Date | null | undefined => (value === undefined ? undefined : value === null ? null : new Date(value));

export function toPostRequest(body: PostBody): PostRequest {
  return {
    groups: body.groups.map((g) => ({
      id: g.id,
      isDefault: g.isDefault,
      segments: g.segments.map((s) => ({
        text: s.text,
        delayMinutes: s.delayMinutes ?? null,
        media: s.media.map((m) => ({
          id: m.id,
          altText: m.altText ?? null,
          thumbnailMediaId: m.thumbnailMediaId ?? null,
          thumbnailTimestamp: m.thumbnailTimestamp ?? null,
        })),
      })),
    })),
    targets: body.targets.map((t) => ({
      connectionId: t.connectionId,
      groupId: t.groupId,
      settings: { platform: t.settings.platform, values: t.settings.values },
      scheduledAt: instant(t.scheduledAt) ?? null,
      queue: t.queue === true,
    })),
    intent: body.intent,
    source: body.source,
    externalSubmissionId: body.externalSubmissionId,
    submitForReview: body.submitForReview,
  };
}

export function toTargetChanges(body: TargetUpdateBody): TargetChanges {
  return {
    groupId: body.groupId,
    settings: body.settings ? { platform: body.settings.platform, values: body.settings.values } : body.settings,
    scheduledAt: instant(body.scheduledAt),
  };
}
