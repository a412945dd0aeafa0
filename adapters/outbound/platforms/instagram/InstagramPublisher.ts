import { type GrantedPublisher, type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { InstagramAccount } from './instagramContainers';
import { okBody } from './InstagramHttp';
import { commentId, rootMediaId } from './instagramIds';
import { type InstagramSettings } from './InstagramOptions';
import { failedCallOutcome } from './instagramOutcomes';
import { InstagramPost } from './instagramPost';
import { asOAuth2 } from './InstagramTokens';

/**
 * Segment 0 becomes a post (InstagramPost); later segments become comments on that post
 * (`POST /{ig-media-id}/comments`). Instagram takes no idempotency key, so a call that may
 * have published and got no clear answer is `outcomeUnknown`, never repeated.
 */
export class InstagramPublisher implements GrantedPublisher {
  constructor(private readonly settings: InstagramSettings) {}

  async publish(segment: SegmentToPublish, grant: PlatformGrant, media: MediaAccess): Promise<PublishOutcome> {
    const account = new InstagramAccount(this.settings, asOAuth2(grant).accessToken);
    if (segment.segmentIndex > 0) return this.comment(segment, account);
    if (segment.media.length === 0) return { kind: 'rejected', reason: 'an Instagram post needs an image or a video' };
    const userId = await account.userId();
    if (!userId.ok) return userId.outcome;
    return new InstagramPost(account, userId.value, segment, media).publish();
  }

  private async comment(segment: SegmentToPublish, account: InstagramAccount): Promise<PublishOutcome> {
    if (segment.replyToPlatformPostId === null) return { kind: 'rejected', reason: 'an Instagram comment needs the post it goes on' };
    if (segment.media.length > 0) return { kind: 'rejected', reason: 'Instagram comments carry text only' };
    const mediaId = rootMediaId(segment.replyToPlatformPostId);
    const answer = await account.post(`${mediaId}/comments`, { message: segment.text });
    const id = okBody(answer)?.id;
    if (typeof id !== 'string') return failedCallOutcome(answer, 'creating');
    const platformPostUrl = await account.permalink(mediaId);
    return { kind: 'published', platformPostId: commentId(mediaId, id), platformPostUrl, postedAt: this.settings.now(), statusCode: 200 };
  }
}
