import { type GrantedPublisher, type GrantRenewed, type MediaAccess, type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { okJson, type PlatformAnswer } from '../kit/http';
import { failedCall } from '../kit/outcomes';
import { asOAuth2, FACEBOOK_ERRORS, type FacebookSettings, graphPost, idIn } from './facebookApi';
import { type LinkedMedia, type PagePost, postUrl, segmentMedia, startVideo, videoProgress } from './facebookMedia';
import { pageToken } from './facebookTokens';

/**
 * How this connector names a comment: `{post-id}/comments/{comment-id}`, naming the post it is
 * on, because later segments all comment on the first segment's post while the engine hands
 * over the id of the segment just before.
 */
const COMMENT = /^(.+)\/comments\/([^/]+)$/;

export const commentPlatformId = (postId: string, commentId: string): string => `${postId}/comments/${commentId}`;

/** The post a later segment comments on: the previous segment's post, or the post its comment is on. */
export const rootPostId = (previousId: string): string => COMMENT.exec(previousId)?.[1] ?? previousId;

export const commentUrl = (postId: string, commentId: string): string => `${postUrl(postId)}?comment_id=${encodeURIComponent(commentId)}`;

/** Commenting as the Page needs it (docs/platforms.md, Facebook review 1); connections made before it was asked for lack it. */
export const COMMENT_PERMISSION = 'pages_manage_engagement';

/**
 * Segment 0 becomes the Page's post (text, photos or a video); later segments become comments
 * on that post (`POST /{object-id}/comments`), as the Page. Meta takes no idempotency key, so
 * a call that may have reached it and got no clear answer is `outcomeUnknown`, never repeated
 * (the engine then reads the Page back: FacebookReader).
 */
export class FacebookPublisher implements GrantedPublisher {
  constructor(private readonly settings: FacebookSettings) {}

  /** As the Page the account's owner chose; without one there is nothing to publish as (a person's timeline takes no API posts). */
  async publish(
    segment: SegmentToPublish,
    grant: PlatformGrant,
    media: MediaAccess,
    account: PublishingAccount,
    renewed?: GrantRenewed,
  ): Promise<PublishOutcome> {
    // A Page's posts are public: a narrower audience cannot be kept (docs/decisions.md, "Platforms").
    const privacy = segment.settings.platform === 'FACEBOOK' ? segment.settings.values.privacy : null;
    if (privacy !== 'PUBLIC')
      return { kind: 'rejected', reason: `a Facebook Page publishes to everyone; this post’s privacy is ${privacy ?? 'not Facebook’s'}` };
    const pageId = account?.publishAs?.kind === 'page' ? account.publishAs.id : null;
    if (pageId === null) return { kind: 'rejected', reason: 'this Facebook connection has no Page chosen to publish as' };
    const scopes = asOAuth2(grant).scopes;
    if (segment.segmentIndex > 0 && scopes.length > 0 && !scopes.includes(COMMENT_PERMISSION)) {
      return {
        kind: 'needsReconnect',
        reason: `Facebook: commenting as the Page needs ${COMMENT_PERMISSION}, which this connection was not granted: connect the account again`,
      };
    }
    const token = await pageToken(this.settings, grant, pageId, renewed);
    if (!token.ok) return token.outcome;
    const target: PagePost = { settings: this.settings, pageId, pageToken: token.token };
    if (segment.segmentIndex > 0) return this.comment(segment, target);
    if (segment.checkpoint !== null) return videoProgress(target, segment.checkpoint);
    const items = await segmentMedia(segment.media, media);
    switch (items.kind) {
      case 'none':
        return feedPost(target, segment.text);
      case 'photos':
        return items.photos.length === 1 ? photoPost(target, segment.text, items.photos[0]!) : photosPost(target, segment.text, items.photos);
      case 'video':
        return startVideo(target, segment.text, items.video);
      case 'unsupported':
        return { kind: 'rejected', reason: items.reason };
    }
  }

  private async comment(segment: SegmentToPublish, target: PagePost): Promise<PublishOutcome> {
    if (segment.replyToPlatformPostId === null) return { kind: 'rejected', reason: 'a Facebook comment needs the post it goes on' };
    if (segment.media.length > 0) return { kind: 'rejected', reason: 'Facebook comments carry text only here' };
    const post = rootPostId(segment.replyToPlatformPostId);
    const answer = await graphPost(this.settings, `/${post}/comments`, target.pageToken, { message: segment.text });
    const id = created(answer, target, 'comment');
    if (typeof id !== 'string') return id;
    return {
      kind: 'published',
      platformPostId: commentPlatformId(post, id),
      platformPostUrl: commentUrl(post, id),
      postedAt: this.settings.now(),
      statusCode: 200,
    };
  }
}

/** The id a call that creates answered with, or its outcome: failed, or unknown without an id. */
function created(answer: PlatformAnswer, target: PagePost, what: string, field = 'id'): string | PublishOutcome {
  const body = okJson(answer);
  if (body === null) return failedCall(answer, 'creating', FACEBOOK_ERRORS, target.settings.now());
  const id = body[field] ?? body.id;
  return typeof id === 'string'
    ? id
    : { kind: 'outcomeUnknown', reason: `publish outcome unknown: Facebook created the ${what} without naming it`, statusCode: 200 };
}

function published(target: PagePost, postId: string): PublishOutcome {
  return { kind: 'published', platformPostId: postId, platformPostUrl: postUrl(postId), postedAt: target.settings.now(), statusCode: 200 };
}

const photoFields = (photo: LinkedMedia) => ({ url: photo.url, ...(photo.altText ? { alt_text_custom: photo.altText } : {}) });

/** `POST /{page-id}/feed` {message, attached_media?}: a text post (links in it are previewed), or photos uploaded before. */
async function feedPost(target: PagePost, message: string, photoIds: readonly string[] = []): Promise<PublishOutcome> {
  const attached = photoIds.length > 0 ? { attached_media: photoIds.map((id) => ({ media_fbid: id })) } : {};
  const id = created(await graphPost(target.settings, `/${target.pageId}/feed`, target.pageToken, { message, ...attached }), target, 'post');
  return typeof id === 'string' ? published(target, id) : id;
}

/** `POST /{page-id}/photos` {url, caption}: one photo, published as the Page's post (`post_id`). */
async function photoPost(target: PagePost, caption: string, photo: LinkedMedia): Promise<PublishOutcome> {
  const answer = await graphPost(target.settings, `/${target.pageId}/photos`, target.pageToken, { ...photoFields(photo), caption, published: true });
  const id = created(answer, target, 'photo post', 'post_id');
  return typeof id === 'string' ? published(target, id) : id;
}

/**
 * Several photos: each uploaded unpublished (`published=false`, nothing visible, so a failure
 * can be tried again), then one feed post attaches them all.
 */
async function photosPost(target: PagePost, message: string, photos: readonly LinkedMedia[]): Promise<PublishOutcome> {
  const ids: string[] = [];
  for (const photo of photos) {
    const answer = await graphPost(target.settings, `/${target.pageId}/photos`, target.pageToken, { ...photoFields(photo), published: false });
    if (okJson(answer) === null) return failedCall(answer, 'preparing', FACEBOOK_ERRORS, target.settings.now());
    const id = idIn(answer);
    if (id === null) return { kind: 'retryLater', afterSeconds: 60, reason: 'Facebook stored a photo without naming it', statusCode: 200 };
    ids.push(id);
  }
  return feedPost(target, message, ids);
}
