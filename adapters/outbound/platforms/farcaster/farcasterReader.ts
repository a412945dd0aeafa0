import { type PostOnPlatform, type PostReader, type RecentPosts, type RecentPostsQuery } from '../../../../application/ports/platforms/PostReader';
import { okJson } from '../kit/http';
import { readFailure } from '../kit/outcomes';
import { castUrl } from './farcasterPublisher';
import { asSignerGrant, callNeynar, type FarcasterSettings, NEYNAR_ERRORS } from './neynarApi';

/** A cast as Neynar's feed lists it (the description's `Cast`), the fields read here. */
interface ListedCast {
  readonly hash?: unknown;
  readonly text?: unknown;
  readonly timestamp?: unknown;
  readonly embeds?: unknown;
  readonly parent_hash?: unknown;
}

/**
 * The account's recent casts, replies included (`GET /v2/farcaster/feed/user/casts/`, in reverse
 * chronological order by the description, `include_replies` asked for though it is the default,
 * so a thread's later casts are listed with their `parent_hash`), from `since` on: what settles a
 * cast whose answer was lost. Farcaster's casts are public: the service's API key reads them, no
 * permission of the account's signer is needed. A cast's media are its embeds (the service embeds
 * nothing else).
 */
export class FarcasterReader implements PostReader {
  /** Neynar lists a cast once its hub has it, within seconds; a minute covers a slow hub (no figure is documented). */
  readonly visibleWithinSeconds = 60;

  constructor(private readonly settings: FarcasterSettings) {}

  async recentPosts({ grant, since }: RecentPostsQuery): Promise<RecentPosts> {
    const signer = asSignerGrant(grant);
    // 150: the description's largest page of a user's casts.
    const query = new URLSearchParams({ fid: String(signer.fid), limit: '150', include_replies: 'true' });
    const answer = await callNeynar(this.settings, 'GET', `/v2/farcaster/feed/user/casts/?${query}`);
    const body = okJson(answer);
    if (body === null) return { ok: false, reason: readFailure(answer, NEYNAR_ERRORS) };
    const listed = Array.isArray(body.casts) ? (body.casts as ListedCast[]) : [];
    const posts = listed.flatMap((cast) => postOf(cast, signer.username));
    return { ok: true, posts: posts.filter((post) => post.createdAt === null || post.createdAt.getTime() >= since.getTime()) };
  }
}

function postOf(cast: ListedCast, username: string): PostOnPlatform[] {
  if (typeof cast.hash !== 'string' || typeof cast.text !== 'string') return [];
  const createdAt = typeof cast.timestamp === 'string' ? new Date(cast.timestamp) : null;
  return [
    {
      platformPostId: cast.hash,
      // As the publisher builds it: the connection's username, the short hash.
      platformPostUrl: castUrl(username, cast.hash),
      text: cast.text,
      createdAt: createdAt !== null && !Number.isNaN(createdAt.getTime()) ? createdAt : null,
      mediaCount: Array.isArray(cast.embeds) ? cast.embeds.length : null,
      ...(cast.parent_hash === undefined ? {} : { replyToPlatformPostId: typeof cast.parent_hash === 'string' ? cast.parent_hash : null }),
    },
  ];
}
