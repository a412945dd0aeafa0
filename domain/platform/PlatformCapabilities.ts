import { type Platform } from './Platform';
import { type TextUnit } from './TextLength';

/**
 * What a platform does with the segments after the first one of a group:
 * - `thread`: each is a reply to the previous one (a thread);
 * - `comments`: each is posted as a comment under the first one;
 * - `refused`: the platform has neither, so a multi-segment group cannot go there.
 */
export type FollowUpSegments = 'thread' | 'comments' | 'refused';

export interface PlatformCapabilities {
  readonly platform: Platform;
  /** Longest text of one segment, measured in `textUnit`. */
  readonly textLimit: number;
  readonly textUnit: TextUnit;
  /** The platform publishes media, not text: the first segment must carry some. */
  readonly requiresMedia: boolean;
  /** Most media items one segment may carry; null where the platform sets no simple count. */
  readonly maxMediaPerSegment: number | null;
  readonly followUpSegments: FollowUpSegments;
}

/**
 * Limits from PRODUCT.md "Formats and limits"; media counts from PLATFORMS.md.
 * Comments: LinkedIn (socialActions comments), Instagram (/{media-id}/comments), Facebook
 * (/{object-id}/comments) and YouTube (commentThreads) can comment through their APIs;
 * TikTok and Pinterest offer no comment-posting API, so they refuse later segments.
 * Counts PLATFORMS.md gives: Twitter and Bluesky 4 images, Farcaster 2 embeds, a Threads
 * carousel 20 items, YouTube one video. Pinterest's 500 is the pin description, YouTube's
 * 5000 the video description; Farcaster's 1024 bytes is the current account limit (older
 * accounts get 320, which only the platform knows).
 */
const CAPABILITIES: Readonly<Record<Platform, PlatformCapabilities>> = {
  BLUESKY: cap('BLUESKY', 300, 'graphemes', false, 4, 'thread'),
  FACEBOOK: cap('FACEBOOK', 63206, 'code_points', false, null, 'comments'),
  FARCASTER: cap('FARCASTER', 1024, 'utf8_bytes', false, 2, 'thread'),
  INSTAGRAM: cap('INSTAGRAM', 2200, 'code_points', true, null, 'comments'),
  LINKEDIN: cap('LINKEDIN', 3000, 'code_points', false, null, 'comments'),
  PINTEREST: cap('PINTEREST', 500, 'code_points', true, null, 'refused'),
  THREADS: cap('THREADS', 500, 'code_points', false, 20, 'thread'),
  TIKTOK: cap('TIKTOK', 2200, 'code_points', true, null, 'refused'),
  TWITTER: cap('TWITTER', 280, 'code_points', false, 4, 'thread'),
  YOUTUBE: cap('YOUTUBE', 5000, 'code_points', true, 1, 'comments'),
};

function cap(
  platform: Platform,
  textLimit: number,
  textUnit: TextUnit,
  requiresMedia: boolean,
  maxMediaPerSegment: number | null,
  followUpSegments: FollowUpSegments,
): PlatformCapabilities {
  return Object.freeze({ platform, textLimit, textUnit, requiresMedia, maxMediaPerSegment, followUpSegments });
}

export const capabilitiesOf = (platform: Platform): PlatformCapabilities => CAPABILITIES[platform];
