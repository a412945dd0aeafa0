import { type TargetSettings } from '../../domain/post/TargetSettings';

/** A media item of a segment: the library's id, the segment's alt text and its video thumbnail time. */
export interface MediaToPublish {
  readonly id: string;
  readonly altText: string | null;
  /** Seconds into a video for its thumbnail (docs/decisions.md, "Media"); null: the platform's choice. */
  readonly thumbnailTimestamp: number | null;
}

/** One segment of a target's group, as a platform receives it. */
export interface SegmentToPublish {
  readonly connectionId: string;
  readonly settings: TargetSettings;
  readonly text: string;
  readonly media: readonly MediaToPublish[];
  /** 0-based; segment 0 is the post itself, later ones reply to (or comment on) the one before. */
  readonly segmentIndex: number;
  readonly segmentCount: number;
  /** The platform's id of the segment before this one; null for the first. */
  readonly replyToPlatformPostId: string | null;
  /**
   * What the last call for this segment left to resume from when it answered `processing`
   * (a media container's id, an upload's URL); null on a segment's first call.
   */
  readonly checkpoint: string | null;
  /**
   * Target, segment and attempt: the same call repeated (by the adapter's own transport
   * retry) carries the same key, so a platform that honours keys posts it once.
   */
  readonly idempotencyKey: string;
}

/**
 * What a platform made of one call. Each kind decides what the engine does next
 * (docs/decisions.md, "The publishing engine"); a reason is shown to the user as it is.
 */
export type PublishOutcome = (
  | {
      readonly kind: 'published';
      readonly platformPostId: string;
      readonly platformPostUrl: string | null;
      readonly postedAt: Date;
      /** Found by reading the account back after a call whose answer was lost, not answered by the call. */
      readonly readBack?: boolean;
    }
  /** 429, 5xx, or a network error where the request provably never reached the platform. */
  | { readonly kind: 'retryLater'; readonly afterSeconds: number; readonly reason: string }
  /** Permanent: the content or the account breaks a rule the user can act on. */
  | { readonly kind: 'rejected'; readonly reason: string }
  /** The platform refused the connection's credentials. */
  | { readonly kind: 'needsReconnect'; readonly reason: string }
  /**
   * The request may have been processed (a timeout after sending, a dropped connection).
   * `readBackAfterSeconds`: the account can be read back to settle it, from that many seconds on
   * (docs/decisions.md, "Settling an unknown outcome"); absent, the target fails as unknown.
   */
  | { readonly kind: 'outcomeUnknown'; readonly reason: string; readonly readBackAfterSeconds?: number }
  /** Read back after an unknown outcome: the post is not on the platform, so nothing was posted. */
  | { readonly kind: 'notPosted'; readonly reason: string }
  /**
   * The platform has the media (a container, an upload) and is still processing it; nothing is
   * public yet. The engine calls again after `afterSeconds` with `checkpoint` (rescheduled,
   * never a sleep in the worker); it does not count as a failed attempt.
   */
  | { readonly kind: 'processing'; readonly afterSeconds: number; readonly checkpoint: string; readonly reason: string }
) & {
  /** The HTTP status the platform answered, when there was an answer; kept in the attempt log. */
  readonly statusCode?: number;
};

export type PublishOutcomeKind = PublishOutcome['kind'];

/** One platform's publisher (a real client, or the sandbox). It reports failures as outcomes, never throws them. */
export interface PlatformPublisher {
  publish(segment: SegmentToPublish): Promise<PublishOutcome>;
}
