import { type GrantedPublisher, type MediaAccess, type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { okJson } from '../kit/http';
import { failedCall } from '../kit/outcomes';
import { asOAuth2, INSTAGRAM_ERRORS, InstagramGraph, type InstagramSettings } from './instagramApi';
import { InstagramPost } from './instagramPost';

/**
 * A comment's id as this connector records it: `{mediaId}:comment:{commentId}`, which names
 * the post it is on. Later segments are all comments on the first segment's post, while the
 * engine hands over the id of the segment just before: a media id for the second segment, a
 * comment id of this form (which names its post) for the ones after.
 */
export const commentId = (mediaId: string, comment: string): string => `${mediaId}:comment:${comment}`;

export function rootMediaId(previousId: string): string {
  const at = previousId.indexOf(':comment:');
  return at >= 0 ? previousId.slice(0, at) : previousId;
}

/** A caption holds at most 30 hashtags and 20 @-tags (docs/platforms.md, Instagram review 6: the `/{ig-user-id}/media` reference). */
const CAPTION_TAG_LIMITS = [
  { what: 'hashtags', pattern: /(?<![\p{L}\p{N}_&#])#[\p{L}\p{N}_]+/gu, most: 30 },
  { what: '@-tags', pattern: /(?<![\p{L}\p{N}_.@])@[\p{L}\p{N}_.]+/gu, most: 20 },
] as const;

/** Why Instagram would refuse the caption's tags, before anything is sent; null when it takes them. */
export function captionTagsRefusal(caption: string): string | null {
  for (const { what, pattern, most } of CAPTION_TAG_LIMITS) {
    const count = caption.match(pattern)?.length ?? 0;
    if (count > most) return `an Instagram caption holds at most ${most} ${what}; this one has ${count}`;
  }
  return null;
}

/**
 * Segment 0 becomes a post (InstagramPost); later segments become comments on that post
 * (`POST /{ig-media-id}/comments`). Instagram takes no idempotency key, so a call that may
 * have published and got no clear answer is `outcomeUnknown`, never repeated (the engine then
 * reads the account back: InstagramReader).
 */
export class InstagramPublisher implements GrantedPublisher {
  constructor(private readonly settings: InstagramSettings) {}

  async publish(segment: SegmentToPublish, grant: PlatformGrant, media: MediaAccess, account: PublishingAccount): Promise<PublishOutcome> {
    const graph = new InstagramGraph(this.settings, asOAuth2(grant).accessToken);
    if (segment.segmentIndex > 0) return this.comment(segment, graph);
    if (segment.media.length === 0) return { kind: 'rejected', reason: 'an Instagram post needs an image or a video' };
    const refusal = captionTagsRefusal(segment.text);
    if (refusal !== null) return { kind: 'rejected', reason: refusal };
    const userId = account?.accountId ?? (await this.userId(graph));
    if (typeof userId !== 'string') return userId;
    return new InstagramPost(graph, userId, segment, media).publish();
  }

  /** The professional account's id (`user_id` of `GET /me`), for a connection that never learned it. */
  private async userId(graph: InstagramGraph): Promise<string | PublishOutcome> {
    const answer = await graph.get('me', { fields: 'user_id' });
    const id = okJson(answer)?.user_id;
    return typeof id === 'string' ? id : failedCall(answer, 'preparing', INSTAGRAM_ERRORS, this.settings.now());
  }

  private async comment(segment: SegmentToPublish, graph: InstagramGraph): Promise<PublishOutcome> {
    if (segment.replyToPlatformPostId === null) return { kind: 'rejected', reason: 'an Instagram comment needs the post it goes on' };
    if (segment.media.length > 0) return { kind: 'rejected', reason: 'Instagram comments carry text only' };
    const mediaId = rootMediaId(segment.replyToPlatformPostId);
    const answer = await graph.post(`${mediaId}/comments`, { message: segment.text });
    const body = okJson(answer);
    if (body === null) return failedCall(answer, 'creating', INSTAGRAM_ERRORS, this.settings.now());
    if (typeof body.id !== 'string')
      return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: Instagram made the comment without naming it', statusCode: 200 };
    const platformPostUrl = await graph.permalink(mediaId);
    return { kind: 'published', platformPostId: commentId(mediaId, body.id), platformPostUrl, postedAt: this.settings.now(), statusCode: 200 };
  }
}
