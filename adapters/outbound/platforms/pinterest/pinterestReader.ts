import { type PostOnPlatform, type PostReader, type RecentPosts, type RecentPostsQuery } from '../../../../application/ports/platforms/PostReader';
import { bearer, okJson, urlOf } from '../kit/http';
import { readFailure } from '../kit/outcomes';
import { asOAuth2, callPinterest, missingScopes, PINTEREST_ERRORS, type PinterestSettings } from './pinterestApi';
import { pinUrl } from './pinterestPublisher';

/** A pin as `GET /v5/pins` lists it (the description's `Pin`), the fields read here. */
interface ListedPin {
  readonly id?: unknown;
  readonly description?: unknown;
  readonly created_at?: unknown;
  readonly media?: { readonly media_type?: unknown; readonly items?: unknown };
}

/** What Pinterest's description has `GET /v5/pins` need; both were asked for from the first connect flow on. */
const READ_SCOPES = ['boards:read', 'pins:read'];

/** The description's largest page. */
const PAGE_SIZE = 250;

/**
 * The account's recent pins (`GET /v5/pins`: every pin the token's account owns, whatever its
 * board, so a pin made on the target's own board is found too), from `since` on: what settles a
 * pin whose answer was lost. One page of the largest size; the description states no order, so
 * every pin of the page made since `since` is kept. A pin's text is its `description`; pins are
 * never replies.
 */
export class PinterestReader implements PostReader {
  /** Pinterest makes a pin within the create call; a minute covers its listing catching up (no figure is documented). */
  readonly visibleWithinSeconds = 60;

  constructor(private readonly settings: PinterestSettings) {}

  async recentPosts({ grant, since }: RecentPostsQuery): Promise<RecentPosts> {
    const oauth = asOAuth2(grant);
    const missing = missingScopes(oauth, READ_SCOPES);
    if (missing.length > 0) return { ok: false, reason: `the connection lacks Pinterest's ${missing.join(', ')} permission: connect the account again` };
    const url = urlOf(this.settings.apiBaseUrl, '/v5/pins', { page_size: PAGE_SIZE });
    const answer = await callPinterest(this.settings, { method: 'GET', url, headers: bearer(oauth.accessToken) });
    const body = okJson(answer);
    if (body === null) return { ok: false, reason: readFailure(answer, PINTEREST_ERRORS) };
    const listed = Array.isArray(body.items) ? (body.items as ListedPin[]) : [];
    const posts = listed.flatMap(postOf).filter((post) => post.createdAt === null || post.createdAt.getTime() >= since.getTime());
    return { ok: true, posts };
  }
}

/** One item for an image or a video; a carousel's `items` counted; null where the listing does not say. */
function mediaCountOf(media: ListedPin['media']): number | null {
  if (media?.media_type === 'image' || media?.media_type === 'video') return 1;
  return Array.isArray(media?.items) ? media.items.length : null;
}

function postOf(pin: ListedPin): PostOnPlatform[] {
  if (typeof pin.id !== 'string') return [];
  const createdAt = typeof pin.created_at === 'string' ? new Date(pin.created_at) : null;
  return [
    {
      platformPostId: pin.id,
      platformPostUrl: pinUrl(pin.id),
      text: typeof pin.description === 'string' ? pin.description : '',
      createdAt: createdAt !== null && !Number.isNaN(createdAt.getTime()) ? createdAt : null,
      mediaCount: mediaCountOf(pin.media),
      replyToPlatformPostId: null,
    },
  ];
}
