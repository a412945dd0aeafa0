import { type TextUnit } from './TextLength';

/**
 * What a platform does with the segments after the first one of a group:
 * - `thread`: each is a reply to the previous one (a thread);
 * - `comments`: each is posted as a comment under the first one;
 * - `refused`: the platform has neither, so a multi-segment group cannot go there.
 */
export type FollowUpSegments = 'thread' | 'comments' | 'refused';

/** What a group must look like to be published on a platform (docs/posts.md, "Rules worth knowing"). */
export interface PlatformCapabilities {
  /** Longest text of one segment, measured in `textUnit`. */
  readonly textLimit: number;
  readonly textUnit: TextUnit;
  /** The platform publishes media, not text: the first segment must carry some. */
  readonly requiresMedia: boolean;
  /** Most media items one segment may carry; null where the platform sets no simple count. */
  readonly maxMediaPerSegment: number | null;
  readonly followUpSegments: FollowUpSegments;
}
