import { type GrantedPublisher, type MediaAccess, type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { failedCallOutcome } from './facebookErrors';
import { graphPost, okBody } from './FacebookHttp';
import { commentPlatformId, commentUrl, rootPostId } from './facebookIds';
import { segmentMedia } from './facebookMedia';
import { type FacebookSettings } from './FacebookOptions';
import { pageToken } from './facebookPages';
import { feedPost, type PagePost, photoPost, photosPost } from './facebookPosts';
import { asOAuth2 } from './facebookUserTokens';
import { startVideo, videoProgress } from './facebookVideos';

/**
 * Segment 0 becomes the Page's post (text, photos or a video); later segments become comments
 * on that post (`POST /{object-id}/comments`), as the Page. Meta takes no idempotency key, so
 * a call that may have reached it and got no clear answer is `outcomeUnknown`, never repeated.
 */
export class FacebookPublisher implements GrantedPublisher {
  constructor(private readonly settings: FacebookSettings) {}

  /** As the Page the account's owner chose; without one there is nothing to publish as (a person's timeline takes no API posts). */
  async publish(segment: SegmentToPublish, grant: PlatformGrant, media: MediaAccess, account?: PublishingAccount): Promise<PublishOutcome> {
    // A Page's posts are public: a narrower audience cannot be kept (docs/decisions.md, "Platforms").
    const privacy = segment.settings.platform === 'FACEBOOK' ? segment.settings.values.privacy : null;
    if (privacy !== 'PUBLIC')
      return { kind: 'rejected', reason: `a Facebook Page publishes to everyone; this post’s privacy is ${privacy ?? 'not Facebook’s'}` };
    const page = account?.publishAs?.kind === 'page' ? { pageId: account.publishAs.id } : null;
    if (page === null) return { kind: 'rejected', reason: 'this Facebook connection has no Page chosen to publish as' };
    const token = await pageToken(this.settings, asOAuth2(grant).accessToken, page.pageId);
    if (!token.ok) return token.outcome;
    const target: PagePost = { settings: this.settings, pageId: page.pageId, pageToken: token.token };
    if (segment.segmentIndex > 0) return this.comment(segment, target);
    if (segment.checkpoint !== null) return videoProgress(target, segment.checkpoint);
    const items = await segmentMedia(segment.media, media);
    switch (items.kind) {
      case 'none':
        return feedPost(target, segment.text);
      case 'photos':
        return items.photos.length === 1 ? photoPost(target, segment.text, items.photos[0]) : photosPost(target, segment.text, items.photos);
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
    if (answer.kind !== 'answered' || answer.status !== 200) return failedCallOutcome(answer, 'creating');
    const id = okBody<{ id?: unknown }>(answer)?.id;
    if (typeof id !== 'string')
      return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: Facebook created the comment without naming it', statusCode: 200 };
    const platformPostId = commentPlatformId(post, id);
    return { kind: 'published', platformPostId, platformPostUrl: commentUrl(post, id), postedAt: this.settings.now(), statusCode: 200 };
  }
}
