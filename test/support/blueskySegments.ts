import { type MediaToPublish, type SegmentToPublish } from '../../application/ports/PlatformPublisher';

let calls = 0;

/** A Bluesky segment as the engine hands it over; each call gets its own idempotency key unless given one. */
export function blueskySegment(fields: {
  text: string;
  media?: readonly MediaToPublish[];
  segmentIndex?: number;
  segmentCount?: number;
  replyToPlatformPostId?: string | null;
  idempotencyKey?: string;
}): SegmentToPublish {
  calls += 1;
  return {
    connectionId: 'connection-bluesky',
    settings: { platform: 'BLUESKY', values: { replyDisabled: null } },
    text: fields.text,
    media: fields.media ?? [],
    segmentIndex: fields.segmentIndex ?? 0,
    segmentCount: fields.segmentCount ?? 1,
    replyToPlatformPostId: fields.replyToPlatformPostId ?? null,
    checkpoint: null,
    idempotencyKey: fields.idempotencyKey ?? `target-${process.pid}-${calls}:segment:attempt-1`,
  };
}
