import { type GrantedPublisher, type MediaAccess, type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { asOAuth2, type TikTokSettings } from './tiktokApi';
import { captionRefusal, choicesOf, photoPostInfo, queryCreatorInfo, refusalOf, type TikTokChoices, videoPostInfo } from './tiktokChoices';
import { settlePublish } from './tiktokStatus';
import { postPhotos, postVideo } from './tiktokUploads';

/**
 * One TikTok post per target (TikTok has no API for comments, so the domain refuses later
 * segments). The first call checks the caption and the creator's options, sends the content
 * and answers `processing` with TikTok's publish_id; each later call asks TikTok what became of
 * it. A publish TikTok failed for a reason it calls worth another try posted nothing, so the
 * same call posts the content anew.
 */
export class TikTokPublisher implements GrantedPublisher {
  constructor(private readonly settings: TikTokSettings) {}

  /** TikTok publishes as the grant's creator: the account adds nothing to a call. */
  async publish(segment: SegmentToPublish, grant: PlatformGrant, media: MediaAccess, _account: PublishingAccount): Promise<PublishOutcome> {
    const { accessToken } = asOAuth2(grant);
    if (segment.segmentIndex > 0) return { kind: 'rejected', reason: 'TikTok takes one post per target: it has no API for comments' };
    const choices = choicesOf(segment);
    if (segment.checkpoint === null) return this.post(segment, accessToken, media, choices);
    const settled = await settlePublish(this.settings, accessToken, segment.checkpoint, choices);
    if (settled.kind === 'outcome') return settled.outcome;
    const outcome = await this.post(segment, accessToken, media, choices);
    return outcome.kind === 'processing' ? { ...outcome, reason: `${settled.reason}; posted again: ${outcome.reason}` } : outcome;
  }

  private async post(segment: SegmentToPublish, accessToken: string, media: MediaAccess, choices: TikTokChoices): Promise<PublishOutcome> {
    const [firstItem] = segment.media;
    if (firstItem === undefined) return { kind: 'rejected', reason: 'a TikTok post needs a video or photos' };
    const first = await media.open(firstItem.id);
    try {
      const kind = first.facts.kind === 'image' ? 'photo' : 'video';
      const caption = captionRefusal(segment.text, kind);
      if (caption !== null) return { kind: 'rejected', reason: caption };
      if (kind === 'video' && segment.media.length > 1) return { kind: 'rejected', reason: 'a TikTok video post carries one video alone' };
      const creator = await queryCreatorInfo(this.settings, accessToken);
      if (!creator.ok) return creator.outcome;
      const refusal = refusalOf(creator.info, choices, kind === 'video' ? first.facts.durationSeconds : null);
      if (refusal !== null) return { kind: 'rejected', reason: refusal };
      if (kind === 'photo') return await postPhotos(this.settings, accessToken, photoPostInfo(segment.text, choices, creator.info), segment.media, media);
      const postInfo = videoPostInfo(segment.text, choices, creator.info, firstItem.thumbnailTimestamp);
      return await postVideo(this.settings, accessToken, postInfo, first);
    } finally {
      first.body.destroy();
    }
  }
}
