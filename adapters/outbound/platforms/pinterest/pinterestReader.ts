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
import { bearer, okJson, type PlatformAnswer, urlOf } from '../kit/http';
import { meaningOf, readFailure, waitSeconds } from '../kit/outcomes';
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
 * The pin metrics asked for (the description's standard ones, which video pins have too):
 * impressions, clicks on the pin (outbound ones among them, kept apart in raw), saves, and the
 * lifetime comments and reactions.
 */
const METRICS = ['IMPRESSION', 'PIN_CLICK', 'OUTBOUND_CLICK', 'SAVE', 'TOTAL_COMMENTS', 'TOTAL_REACTIONS'];

/** The description's widest window: `start_date` at most 90 days back, so a day of margin. */
const WINDOW_DAYS = 89;

const DAY_MS = 86_400_000;

const utcDate = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * The account's recent pins (`GET /v5/pins`: every pin the token's account owns, whatever its
 * board, so a pin made on the target's own board is found too), from `since` on: what settles a
 * pin whose answer was lost. One page of the largest size; the description states no order, so
 * every pin of the page made since `since` is kept. A pin's text is its `description`; pins are
 * never replies.
 *
 * Figures (docs/analytics.md): `GET /v5/pins/{pin_id}/analytics` (pins:read, boards:read), one pin
 * a call: the multi-pin read (`GET /v5/pins/analytics`) is a beta the description says is not
 * open to every app. Its summary over the widest window the description allows (the last 90 days)
 * is what a pin under three months old did since it was made. A 404 is the description's "Pin not
 * found.": the pin is gone.
 */
export class PinterestReader implements PostReader {
  /** Pinterest makes a pin within the create call; a minute covers its listing catching up (no figure is documented). */
  readonly visibleWithinSeconds = 60;

  readonly figuresBatchSize = 1;

  constructor(private readonly settings: PinterestSettings) {}

  async figures({ grant, platformPostIds }: FiguresQuery): Promise<FiguresRead> {
    const oauth = asOAuth2(grant);
    const missing = missingScopes(oauth, READ_SCOPES);
    if (missing.length > 0) return { ok: false, reason: lacking(missing), retryAfterSeconds: null };
    const now = this.settings.now();
    const query = { start_date: utcDate(new Date(now.getTime() - WINDOW_DAYS * DAY_MS)), end_date: utcDate(now), metric_types: METRICS.join(',') };
    const figures = new Map<string, PostFigures>();
    for (const pinId of platformPostIds) {
      const url = urlOf(this.settings.apiBaseUrl, `/v5/pins/${encodeURIComponent(pinId)}/analytics`, query);
      const answer = await callPinterest(this.settings, { method: 'GET', url, headers: bearer(oauth.accessToken) });
      const body = okJson(answer);
      if (body !== null) figures.set(pinId, figuresOf(body));
      else if (answer.kind === 'answered' && answer.status === 404) figures.set(pinId, { kind: 'deleted' });
      else return this.failed(answer);
    }
    return { ok: true, figures };
  }

  /** Why the read failed, in Pinterest's words; on a 429, how long to wait (Retry-After, else a minute). */
  private failed(answer: PlatformAnswer): FiguresRead {
    const throttled = answer.kind === 'answered' && meaningOf(answer, PINTEREST_ERRORS) === 'throttled';
    const retryAfterSeconds = throttled ? waitSeconds(answer, PINTEREST_ERRORS, this.settings.now()) : null;
    return { ok: false, reason: readFailure(answer, PINTEREST_ERRORS), retryAfterSeconds };
  }

  async recentPosts({ grant, since }: RecentPostsQuery): Promise<RecentPosts> {
    const oauth = asOAuth2(grant);
    const missing = missingScopes(oauth, READ_SCOPES);
    if (missing.length > 0) return { ok: false, reason: lacking(missing) };
    const url = urlOf(this.settings.apiBaseUrl, '/v5/pins', { page_size: PAGE_SIZE });
    const answer = await callPinterest(this.settings, { method: 'GET', url, headers: bearer(oauth.accessToken) });
    const body = okJson(answer);
    if (body === null) return { ok: false, reason: readFailure(answer, PINTEREST_ERRORS) };
    const listed = Array.isArray(body.items) ? (body.items as ListedPin[]) : [];
    const posts = listed.flatMap(postOf).filter((post) => post.createdAt === null || post.createdAt.getTime() >= since.getTime());
    return { ok: true, posts };
  }
}

const lacking = (missing: readonly string[]) => `the connection lacks Pinterest's ${missing.join(', ')} permission: connect the account again`;

type Metrics = Readonly<Record<string, unknown>>;

/**
 * The answer's metrics (keyed by app type: `all` without a split): the period's summary and the
 * lifetime counts, under their own names in raw. Likes are reactions, replies comments, views
 * impressions, clicks pin clicks (outbound clicks included); Pinterest has no reposts or quotes.
 */
function figuresOf(body: Record<string, unknown>): PostFigures {
  const all = (body.all ?? Object.values(body)[0] ?? {}) as { summary_metrics?: Metrics; lifetime_metrics?: Metrics };
  const raw: Record<string, number> = {};
  for (const part of ['summary_metrics', 'lifetime_metrics'] as const) {
    for (const [name, value] of Object.entries(all[part] ?? {})) if (typeof value === 'number') raw[`${part}.${name}`] = value;
  }
  const metric = (name: string) => raw[`lifetime_metrics.${name}`] ?? raw[`summary_metrics.${name}`];
  const counts = countsOf({
    likes: metric('TOTAL_REACTIONS'),
    replies: metric('TOTAL_COMMENTS'),
    saves: metric('SAVE'),
    views: metric('IMPRESSION'),
    clicks: metric('PIN_CLICK'),
  });
  return { kind: 'counts', counts, raw };
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
