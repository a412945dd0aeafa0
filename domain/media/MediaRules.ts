import { type MediaKind } from './MediaFacts';

/** Bounds on one kind of media on one platform; an absent bound is no bound. */
export interface MediaKindRules {
  /** Accepted types, from the bytes (`image/jpeg`, `video/mp4`, …). */
  readonly mimeTypes: readonly string[];
  readonly maxBytes: number;
  readonly minDurationSeconds?: number;
  readonly maxDurationSeconds?: number;
  /** Width ÷ height, inclusive: e.g. 4:5 to 1.91:1 is `{ min: 0.8, max: 1.91 }`. */
  readonly aspectRatio?: { readonly min: number; readonly max: number };
}

/**
 * What a platform accepts as media (docs/platforms.md), declared in its descriptor.
 * A kind missing from `kinds` is refused on that platform.
 */
export interface MediaRules {
  readonly kinds: Partial<Record<MediaKind, MediaKindRules>>;
  /**
   * Most items in the post one segment becomes (a carousel, a gallery). Null where the
   * capabilities' `maxMediaPerSegment` already counts them, so one excess is reported once.
   */
  readonly maxItemsPerPost: number | null;
  /** Whether images and videos may be mixed in one segment. */
  readonly mixedKinds: boolean;
  /** A segment with a video may hold only that video. */
  readonly videoAlone: boolean;
}
