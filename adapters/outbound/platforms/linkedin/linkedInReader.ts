import { type PostOnPlatform, type PostReader, type RecentPosts, type RecentPostsQuery } from '../../../../application/ports/platforms/PostReader';
import { okJson, urlOf } from '../kit/http';
import { readFailure } from '../kit/outcomes';
import { asOAuth2, authorUrnOf, callWithToken, commentUrl, LINKEDIN_ERRORS, type LinkedInSettings, postUrl, restHeaders, rootPostUrn } from './linkedInApi';
import { commentUrnOf, fromLittleText } from './linkedInPublisher';

/** Reading an organization's posts and comments; asked for with the organization scopes since issue 20. */
export const READ_ORGANIZATION_SCOPE = 'r_organization_social';

/** Reading a member's posts and comments: restricted by LinkedIn to approved partners, and not asked for. */
const READ_MEMBER_SCOPE = 'r_member_social';

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
 */
export class LinkedInReader implements PostReader {
  /** LinkedIn lists a post once `POST /rest/posts` answers 201; a minute covers its slower moments. */
  readonly visibleWithinSeconds = 60;

  constructor(private readonly settings: LinkedInSettings) {}

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
