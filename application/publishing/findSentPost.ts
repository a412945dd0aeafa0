import { type PostOnPlatform } from '../ports/platforms/PostReader';

/** What a call sent, as far as a listed post can be matched against it. */
export interface SentSegment {
  readonly text: string;
  readonly mediaCount: number;
  /** The post it replies to or comments on; null for a post of its own. */
  readonly replyTo: string | null;
}

/** When the call may have reached the platform: from its start to when its answer was given up on. */
export interface SendingSpan {
  readonly sentFrom: Date;
  readonly sentUntil: Date;
}

/** How far the platform's clock and ours may disagree. */
export const CLOCK_SKEW_MS = 2 * 60_000;

/**
 * The listed post that is the one a lost call made, or null: the same text (links aside, which
 * platforms shorten or rewrite, and whitespace), the same number of media and the same parent
 * where the platform says, made while the call was under way or within the platform's
 * visibility delay after it (give or take the clocks' skew). Of several, the one made closest to its start.
 */
export function findSentPost(sent: SentSegment, span: SendingSpan, visibleWithinMs: number, posts: readonly PostOnPlatform[]): PostOnPlatform | null {
  const text = comparable(sent.text);
  const from = span.sentFrom.getTime() - CLOCK_SKEW_MS;
  const until = span.sentUntil.getTime() + visibleWithinMs + CLOCK_SKEW_MS;
  const matching = posts.filter(
    (post) =>
      comparable(post.text) === text &&
      (post.mediaCount === null || post.mediaCount === sent.mediaCount) &&
      (post.replyToPlatformPostId === undefined || post.replyToPlatformPostId === sent.replyTo) &&
      (post.createdAt === null || (post.createdAt.getTime() >= from && post.createdAt.getTime() <= until)),
  );
  const sentAt = span.sentFrom.getTime();
  const distance = (post: PostOnPlatform) => Math.abs((post.createdAt?.getTime() ?? sentAt) - sentAt);
  return matching.sort((a, b) => distance(a) - distance(b))[0] ?? null;
}

const comparable = (text: string): string =>
  text
    .normalize('NFC')
    .replace(/https?:\/\/\S+/g, '<link>')
    .replace(/\s+/g, ' ')
    .trim();
