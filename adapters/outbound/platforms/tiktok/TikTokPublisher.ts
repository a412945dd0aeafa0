import { type GrantedPublisher, type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { choicesOf, photoPostInfo, refusalOf, videoPostInfo } from './tiktokChoices';
import { queryCreatorInfo } from './tiktokCreatorInfo';
import { type TikTokSettings } from './TikTokOptions';
import { postPhotos } from './tiktokPhotos';
import { settlePublish } from './tiktokStatus';
import { asOAuth2 } from './TikTokTokens';
import { postVideo } from './tiktokVideos';

/**
 * One TikTok post per target (TikTok has no API for comments, so the domain refuses later
 * segments). The first call checks the creator's options, sends the content and answers
 * `processing` with TikTok's publish_id; each later call asks TikTok what became of it.
 */
export class TikTokPublisher implements GrantedPublisher {
  constructor(private readonly settings: TikTokSettings) {}

  async publish(segment: SegmentToPublish, grant: PlatformGrant, media: MediaAccess): Promise<PublishOutcome> {
    const { accessToken } = asOAuth2(grant);
    if (segment.segmentIndex > 0) return { kind: 'rejected', reason: 'TikTok takes one post per target: it has no API for comments' };
    const choices = choicesOf(segment);
    if (segment.checkpoint !== null) return settlePublish(this.settings, accessToken, segment.checkpoint, choices);
    if (segment.media.length === 0) return { kind: 'rejected', reason: 'a TikTok post needs a video or photos' };

    const creator = await queryCreatorInfo(this.settings, accessToken);
    if (!creator.ok) return creator.outcome;
    const first = await media.open(segment.media[0].id);
    if (first.facts.kind === 'image') {
      first.body.destroy();
      const refusal = refusalOf(creator.info, choices, null);
      if (refusal !== null) return { kind: 'rejected', reason: refusal };
      return postPhotos(this.settings, accessToken, photoPostInfo(segment.text, choices, creator.info), segment.media, media);
    }
    try {
      if (segment.media.length > 1) return { kind: 'rejected', reason: 'a TikTok video post carries one video alone' };
      const refusal = refusalOf(creator.info, choices, first.facts.durationSeconds);
      if (refusal !== null) return { kind: 'rejected', reason: refusal };
      const postInfo = videoPostInfo(segment.text, choices, creator.info, segment.media[0].thumbnailTimestamp);
      return await postVideo(this.settings, accessToken, postInfo, first);
    } finally {
      first.body.destroy();
    }
  }
}
