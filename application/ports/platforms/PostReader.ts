import { type PostCounts, type RawCounts } from '../../../domain/analytics/PostCounts';
import { type PlatformGrant } from './PlatformGrant';
import { type PublishingAccount } from './PublishingAccount';

/** One of the account's posts as the platform lists it: what a call we made is matched against. */
export interface PostOnPlatform {
  readonly platformPostId: string;
  readonly platformPostUrl: string | null;
  /** The post's text as the platform keeps what we sent as the segment's text (a caption, a description, a commentary). */
  readonly text: string;
  /** Null where the platform's list gives no time. */
  readonly createdAt: Date | null;
  /** How many media the post carries; null where the list does not say. */
  readonly mediaCount: number | null;
  /** The post it replies to or comments on (null: none); undefined where the list does not say. */
  readonly replyToPlatformPostId?: string | null;
}

/** What a read of the account's recent posts is asked: whose, with which grant, since when, and under which parent. */
export interface RecentPostsQuery {
  readonly account: PublishingAccount;
  readonly grant: PlatformGrant;
  readonly since: Date;
  /** The post a reply or a comment answers (its comments may be listed apart from the account's posts); null for a post of its own. */
  readonly replyTo: string | null;
}

export type RecentPosts = { readonly ok: true; readonly posts: readonly PostOnPlatform[] } | { readonly ok: false; readonly reason: string };

/** A published post's figures as the platform reports them, or word that the post is gone from it. */
export type PostFigures = { readonly kind: 'counts'; readonly counts: PostCounts; readonly raw: RawCounts } | { readonly kind: 'deleted' };

/** What a read of published posts' figures is asked: whose, with which grant, which posts (at most the reader's batch size). */
export interface FiguresQuery {
  readonly account: PublishingAccount;
  readonly grant: PlatformGrant;
  readonly platformPostIds: readonly string[];
}

/**
 * The figures by platform post id (a post the answer leaves out was not reported this time),
 * or why the read failed: `retryAfterSeconds` when the platform said to wait (a rate limit).
 */
export type FiguresRead =
  | { readonly ok: true; readonly figures: ReadonlyMap<string, PostFigures> }
  | { readonly ok: false; readonly reason: string; readonly retryAfterSeconds: number | null };

/**
 * Reading an account's own posts back through the platform's documented read endpoints, with
 * the connection's grant (docs/decisions.md, "Settling an unknown outcome"). The engine uses it
 * to learn whether a call whose answer was lost did post; an analytics capability reads a
 * published post's counts through the same port.
 */
export interface PostReader {
  /** How long after a call the post it made is sure to be listed: past it, absent means never posted. */
  readonly visibleWithinSeconds: number;
  /**
   * The account's posts (and, for a reply or a comment, the ones under `replyTo`) made since
   * `since`, newest first, as far as one bounded read goes. A failed read says why.
   */
  recentPosts(query: RecentPostsQuery): Promise<RecentPosts>;
  /** How many posts one `figures` call reads (the platform's batch), where it reports figures. */
  readonly figuresBatchSize?: number;
  /**
   * The published posts' figures through the platform's documented endpoint and the granted
   * permissions (docs/analytics.md); absent where the platform reports none to the app.
   */
  figures?(query: FiguresQuery): Promise<FiguresRead>;
}
