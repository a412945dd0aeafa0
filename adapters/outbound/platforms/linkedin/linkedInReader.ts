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
import { okJson, type PlatformAnswer, urlOf } from '../kit/http';
import { meaningOf, readFailure, waitSeconds } from '../kit/outcomes';
import { asOAuth2, authorUrnOf, callWithToken, commentUrl, LINKEDIN_ERRORS, type LinkedInSettings, postUrl, restHeaders, rootPostUrn } from './linkedInApi';
import { commentUrnOf, fromLittleText } from './linkedInPublisher';

/** Reading an organization's posts and comments; asked for with the organization scopes since issue 20. */
export const READ_ORGANIZATION_SCOPE = 'r_organization_social';

/** Reading a member's posts and comments: restricted by LinkedIn to approved partners, and not asked for. */
const READ_MEMBER_SCOPE = 'r_member_social';

/** An organization's share statistics: asked for with the organization scopes. */
const STATISTICS_SCOPE = 'rw_organization_admin';

/** A member's post statistics (Member Post Analytics): not asked for, so a member's posts have no figures. */
const MEMBER_ANALYTICS_SCOPE = 'r_member_postAnalytics';

/** How many of the newest posts (or comments) one read takes. */
const PAGE = 50;

interface Listed {
  readonly id?: unknown;
  readonly commentary?: unknown;
  readonly createdAt?: unknown;
  readonly publishedAt?: unknown;
  readonly content?: { readonly media?: unknown; readonly multiImage?: { readonly images?: unknown } } | null;
  readonly actor?: unknown;
  readonly created?: { readonly time?: unknown };
  readonly message?: { readonly text?: unknown };
}

/**
 * The author's recent posts (`GET /rest/posts?author=…&q=author`) or, for a comment, the comments
 * on the first segment's post (`GET /rest/socialActions/{post}/comments`), from `since` on: what
 * settles a post or comment whose answer was lost. An organization's are read with
 * `r_organization_social`; a member's need `r_member_social`, which LinkedIn grants to approved
 * partners only and Dispatch does not ask for, so a member's lost post is not read back: the read
 * says so, and the outcome stays unknown (docs/platforms.md, LinkedIn review finding 6).
 *
 * Figures (docs/analytics.md): an organization's posts through `GET
 * /rest/organizationalEntityShareStatistics` (lifetime, organic; `rw_organization_admin`, its
 * ADMINISTRATORs only), several posts a call; a post the answer leaves out is read alone
 * (`GET /rest/posts/{urn}`): a 404 says it is gone. A member's posts have none.
 */
export class LinkedInReader implements PostReader {
  /** LinkedIn lists a post once `POST /rest/posts` answers 201; a minute covers its slower moments. */
  readonly visibleWithinSeconds = 60;

  /** LinkedIn's page sets no bound on `shares`/`ugcPosts`; 20 URNs keep the URL short. */
  readonly figuresBatchSize = 20;

  constructor(private readonly settings: LinkedInSettings) {}

  async figures({ account, grant, platformPostIds }: FiguresQuery): Promise<FiguresRead> {
    const oauth = asOAuth2(grant);
    if (account.publishAs?.kind !== 'organization') {
      return refused(`LinkedIn reports a member's post figures only with ${MEMBER_ANALYTICS_SCOPE}, which Dispatch does not ask for`);
    }
    if (!oauth.scopes.includes(STATISTICS_SCOPE)) {
      return refused(`the connection was made without LinkedIn's ${STATISTICS_SCOPE}: connect it again to read its posts' figures`);
    }
    const posts = platformPostIds.filter((id) => /^urn:li:(share|ugcPost):/.test(id));
    if (posts.length === 0) return { ok: true, figures: new Map() };
    const list = (kind: string) => posts.filter((id) => id.startsWith(`urn:li:${kind}:`)).map(encodeURIComponent);
    const [shares, ugcPosts] = [list('share'), list('ugcPost')];
    // Rest.li 2.0: a list is `List(a,b)`, each URN encoded inside it, its parentheses and commas not.
    const query = [
      `q=organizationalEntity&organizationalEntity=${encodeURIComponent(authorUrnOf(account)!)}`,
      ...(shares.length > 0 ? [`shares=List(${shares.join(',')})`] : []),
      ...(ugcPosts.length > 0 ? [`ugcPosts=List(${ugcPosts.join(',')})`] : []),
    ].join('&');
    const headers = restHeaders(this.settings, oauth.accessToken, false);
    const url = `${this.settings.apiBaseUrl}/rest/organizationalEntityShareStatistics?${query}`;
    const answer = await callWithToken(this.settings, { method: 'GET', url, headers: { ...headers, 'X-RestLi-Method': 'FINDER' } });
    const body = okJson(answer);
    if (body === null) return this.failed(answer);
    const figures = new Map<string, PostFigures>();
    for (const element of Array.isArray(body.elements) ? (body.elements as Statistics[]) : []) {
      const urn = element.share ?? element.ugcPost;
      if (typeof urn === 'string' && posts.includes(urn)) figures.set(urn, figuresOf(element.totalShareStatistics ?? {}));
    }
    for (const urn of posts.filter((id) => !figures.has(id))) {
      const post = await callWithToken(this.settings, { method: 'GET', url: `${this.settings.apiBaseUrl}/rest/posts/${encodeURIComponent(urn)}`, headers });
      if (post.kind === 'answered' && post.status === 404) figures.set(urn, { kind: 'deleted' });
      // A rate limit stops the read; a post still there, or any other failure, is not reported this time.
      else if (post.kind === 'answered' && meaningOf(post, LINKEDIN_ERRORS) === 'throttled') return this.failed(post);
    }
    return { ok: true, figures };
  }

  /** Why the read failed, in LinkedIn's words; on a 429, how long to wait (Retry-After, or midnight UTC for a daily limit). */
  private failed(answer: PlatformAnswer): FiguresRead {
    const throttled = answer.kind === 'answered' && meaningOf(answer, LINKEDIN_ERRORS) === 'throttled';
    const retryAfterSeconds = throttled ? waitSeconds(answer, LINKEDIN_ERRORS, this.settings.now()) : null;
    return { ok: false, reason: readFailure(answer, LINKEDIN_ERRORS), retryAfterSeconds };
  }

  async recentPosts({ account, grant, since, replyTo }: RecentPostsQuery): Promise<RecentPosts> {
    const author = authorUrnOf(account);
    if (author === null) return { ok: false, reason: 'the connection does not know its LinkedIn member: connect it again' };
    const oauth = asOAuth2(grant);
    const organization = account.publishAs?.kind === 'organization';
    if (!organization && !oauth.scopes.includes(READ_MEMBER_SCOPE)) {
      return { ok: false, reason: `LinkedIn lets only approved partners read a member's posts (${READ_MEMBER_SCOPE}): a member's post cannot be read back` };
    }
    if (organization && !oauth.scopes.includes(READ_ORGANIZATION_SCOPE)) {
      return {
        ok: false,
        reason: `the connection was made before Dispatch asked LinkedIn for ${READ_ORGANIZATION_SCOPE}: connect it again to read its posts back`,
      };
    }
    const post = replyTo === null ? null : rootPostUrn(replyTo);
    const url =
      post === null
        ? urlOf(this.settings.apiBaseUrl, '/rest/posts', { author, q: 'author', count: PAGE, sortBy: 'LAST_MODIFIED' })
        : urlOf(this.settings.apiBaseUrl, `/rest/socialActions/${encodeURIComponent(post)}/comments`, { count: PAGE });
    // Finding posts by author is a Rest.li finder, which LinkedIn's examples name in X-RestLi-Method.
    const headers = { ...restHeaders(this.settings, oauth.accessToken, false), ...(post === null ? { 'X-RestLi-Method': 'FINDER' } : {}) };
    const answer = await callWithToken(this.settings, { method: 'GET', url, headers });
    const body = okJson(answer);
    if (body === null) return { ok: false, reason: readFailure(answer, LINKEDIN_ERRORS) };
    const listed = Array.isArray(body.elements) ? (body.elements as Listed[]) : [];
    const posts = post === null ? listed.flatMap(postOf) : listed.filter((c) => c.actor === author).flatMap((c) => commentOf(post, c));
    return { ok: true, posts: posts.filter((p) => p.createdAt === null || p.createdAt.getTime() >= since.getTime()) };
  }
}

interface Statistics {
  readonly share?: unknown;
  readonly ugcPost?: unknown;
  readonly totalShareStatistics?: Readonly<Record<string, unknown>>;
}

const refused = (reason: string): FiguresRead => ({ ok: false, reason, retryAfterSeconds: null });

/** Likes, comments, reshares, impressions and clicks (LinkedIn's ShareStatisticsData); LinkedIn reports no quotes or saves. */
function figuresOf(statistics: Readonly<Record<string, unknown>>): PostFigures {
  const raw: Record<string, number> = {};
  for (const [name, value] of Object.entries(statistics)) if (typeof value === 'number') raw[`totalShareStatistics.${name}`] = value;
  const of = (name: string) => raw[`totalShareStatistics.${name}`];
  const counts = countsOf({
    likes: of('likeCount'),
    replies: of('commentCount'),
    reposts: of('shareCount'),
    views: of('impressionCount'),
    clicks: of('clickCount'),
  });
  return { kind: 'counts', counts, raw };
}

const dateOf = (...times: unknown[]): Date | null => {
  const ms = times.find((t): t is number => typeof t === 'number' && Number.isFinite(t));
  return ms === undefined ? null : new Date(ms);
};

/** A post's media: one (`content.media`), several (`multiImage`), none; another kind (an article, a poll) is not counted. */
function mediaCountOf(content: Listed['content']): number | null {
  if (content == null) return 0;
  if (content.media !== undefined) return 1;
  return Array.isArray(content.multiImage?.images) ? content.multiImage.images.length : null;
}

function postOf(post: Listed): PostOnPlatform[] {
  if (typeof post.id !== 'string') return [];
  const text = typeof post.commentary === 'string' ? fromLittleText(post.commentary) : '';
  const created = dateOf(post.createdAt, post.publishedAt);
  return [
    {
      platformPostId: post.id,
      platformPostUrl: postUrl(post.id),
      text,
      createdAt: created,
      mediaCount: mediaCountOf(post.content),
      replyToPlatformPostId: null,
    },
  ];
}

/** A comment as the publisher records it; the comments listed are all on the first segment's post, so its parent is left unsaid. */
function commentOf(post: string, comment: Listed): PostOnPlatform[] {
  const urn = commentUrnOf(post, comment.id);
  if (urn === null) return [];
  const text = typeof comment.message?.text === 'string' ? comment.message.text : '';
  return [{ platformPostId: urn, platformPostUrl: commentUrl(post, urn), text, createdAt: dateOf(comment.created?.time), mediaCount: 0 }];
}
