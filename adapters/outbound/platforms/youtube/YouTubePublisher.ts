import { type GrantedPublisher, type MediaAccess, type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { otherChannelRefusal } from './youTubeChosenChannel';
import { publishComment } from './youTubeComments';
import { type YouTubeSettings } from './YouTubeOptions';
import { asOAuth2 } from './YouTubeTokens';
import { publishVideo } from './youTubeVideoUpload';

/**
 * Segment 0 is the video (title and description from its text); later segments become
 * top-level comments on that video. The video goes to the channel the grant belongs to; a
 * connection made for another channel is refused before anything is uploaded.
 */
export class YouTubePublisher implements GrantedPublisher {
  constructor(private readonly settings: YouTubeSettings) {}

  async publish(segment: SegmentToPublish, grant: PlatformGrant, media: MediaAccess, account?: PublishingAccount): Promise<PublishOutcome> {
    const { accessToken } = asOAuth2(grant);
    if (segment.segmentIndex === 0) {
      const refusal = otherChannelRefusal(account);
      if (refusal !== null) return { kind: 'rejected', reason: refusal };
      return publishVideo(this.settings, accessToken, segment, media);
    }
    return publishComment(this.settings, accessToken, segment);
  }
}
