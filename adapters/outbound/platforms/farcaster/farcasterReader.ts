import {
  type FiguresQuery,
  type FiguresRead,
  type PostFigures,
  type PostOnPlatform,
  type PostReader,
  type RecentPosts,
  type RecentPostsQuery,
} from '../../../../application/ports/platforms/PostReader';
import { countsOf } from '../../../../domain/analytics/PostCounts';
import { okJson, type PlatformAnswer } from '../kit/http';
import { meaningOf, readFailure, waitSeconds } from '../kit/outcomes';
import { castUrl } from './farcasterPublisher';
import { asSignerGrant, callNeynar, type FarcasterSettings, NEYNAR_ERRORS } from './neynarApi';

/** A cast as Neynar's feed lists it (the description's `Cast`), the fields read here. */
interface ListedCast {
  readonly hash?: unknown;
  readonly text?: unknown;
  readonly timestamp?: unknown;
  readonly embeds?: unknown;
  readonly parent_hash?: unknown;
  readonly reactions?: { readonly likes_count?: unknown; readonly recasts_count?: unknown };
  readonly replies?: { readonly count?: unknown };
}

/**
 * The account's recent casts, replies included (`GET /v2/farcaster/feed/user/casts/`, in reverse
 * chronological order by the description, `include_replies` asked for though it is the default,
 * so a thread's later casts are listed with their `parent_hash`), from `since` on: what settles a
 * cast whose answer was lost. Farcaster's casts are public: the service's API key reads them, no
 * permission of the account's signer is needed. A cast's media are its embeds (the service embeds
 * nothing else).
 *
 * Figures (docs/analytics.md): Neynar's bulk cast read (`GET /v2/farcaster/casts/?casts=…`, the
 * same API key), its `reactions.likes_count`, `reactions.recasts_count` and `replies.count`. A
 * cast the bulk answer leaves out is looked up alone (`GET /v2/farcaster/cast/?type=hash`):
 * Neynar's 404 for that hash says the cast is gone.
 */
export class FarcasterReader implements PostReader {
  /** Neynar lists a cast once its hub has it, within seconds; a minute covers a slow hub (no figure is documented). */
  readonly visibleWithinSeconds = 60;

  /** Neynar's description sets no bound on `casts`; 25 hashes keep the URL near a kilobyte. */
  readonly figuresBatchSize = 25;

  constructor(private readonly settings: FarcasterSettings) {}

  async figures({ platformPostIds }: FiguresQuery): Promise<FiguresRead> {
    const answer = await callNeynar(this.settings, 'GET', `/v2/farcaster/casts/?casts=${platformPostIds.map(encodeURIComponent).join(',')}`);
    const body = okJson(answer);
    if (body === null) return this.failed(answer);
    const result = (body.result ?? {}) as { casts?: unknown };
    const figures = new Map<string, PostFigures>();
    for (const cast of Array.isArray(result.casts) ? (result.casts as ListedCast[]) : []) {
      if (typeof cast.hash === 'string' && platformPostIds.includes(cast.hash)) figures.set(cast.hash, figuresOf(cast));
    }
    for (const hash of platformPostIds.filter((id) => !figures.has(id))) {
      const single = await callNeynar(this.settings, 'GET', `/v2/farcaster/cast/?identifier=${encodeURIComponent(hash)}&type=hash`);
      const found = okJson(single)?.cast as ListedCast | undefined;
      if (found !== undefined) figures.set(hash, figuresOf(found));
      else if (single.kind === 'answered' && single.status === 404) figures.set(hash, { kind: 'deleted' });
      // A rate limit stops the read; any other failure leaves the cast unreported this time.
      else if (single.kind === 'answered' && meaningOf(single, NEYNAR_ERRORS) === 'throttled') return this.failed(single);
    }
    return { ok: true, figures };
  }

  /** Why the read failed, in Neynar's words; on a 429, how long to wait (NEYNAR_ERRORS.waitSeconds). */
  private failed(answer: PlatformAnswer): FiguresRead {
    const throttled = answer.kind === 'answered' && meaningOf(answer, NEYNAR_ERRORS) === 'throttled';
    const retryAfterSeconds = throttled ? waitSeconds(answer, NEYNAR_ERRORS, this.settings.now()) : null;
    return { ok: false, reason: readFailure(answer, NEYNAR_ERRORS), retryAfterSeconds };
  }

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

/** Likes and recasts (reactions), replies; Farcaster reports no views, saves or clicks, and Neynar no quote count on a cast. */
function figuresOf(cast: ListedCast): PostFigures {
  const named = {
    'reactions.likes_count': cast.reactions?.likes_count,
    'reactions.recasts_count': cast.reactions?.recasts_count,
    'replies.count': cast.replies?.count,
  };
  const raw = Object.fromEntries(Object.entries(named).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
  const counts = countsOf({ likes: raw['reactions.likes_count'], reposts: raw['reactions.recasts_count'], replies: raw['replies.count'] });
  return { kind: 'counts', counts, raw };
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
