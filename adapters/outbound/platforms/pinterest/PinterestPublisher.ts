import { type GrantedPublisher, type MediaAccess, type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { parseJson, postV5 } from './PinterestHttp';
import { type PinterestSettings } from './PinterestOptions';
import { failedCallOutcome, succeeded } from './pinterestOutcomes';
import { type PinMedia, pinBody } from './pinterestPinBody';
import { asOAuth2 } from './PinterestTokens';
import { uploadVideo, videoState } from './pinterestVideos';

export const pinUrl = (id: string): string => `https://www.pinterest.com/pin/${encodeURIComponent(id)}/`;

/**
 * One pin per target (Pinterest has no comments to post later segments as). Images are
 * named by the library's signed links, which Pinterest fetches; a video is uploaded first and
 * the pin made on a later call, once Pinterest has processed it (the checkpoint is its media
 * id). Pinterest takes no idempotency key: a pin that may have reached it without a clear
 * answer is `outcomeUnknown`, never repeated.
 */
export class PinterestPublisher implements GrantedPublisher {
  constructor(private readonly settings: PinterestSettings) {}

  async publish(segment: SegmentToPublish, grant: PlatformGrant, media: MediaAccess, account?: PublishingAccount): Promise<PublishOutcome> {
    const { accessToken } = asOAuth2(grant);
    if (segment.segmentIndex > 0) return { kind: 'rejected', reason: 'Pinterest has no replies or comments to publish later segments as' };
    const boardId = this.boardFor(segment, account);
    if (boardId === null) return { kind: 'rejected', reason: 'a pin needs a board: choose one for the connection or the target' };
    const pinMedia = await this.mediaFor(segment, accessToken, media);
    if ('outcome' in pinMedia) return pinMedia.outcome;
    return this.createPin(accessToken, pinBody(segment, boardId, pinMedia));
  }

  /** The target's own board when it names one; otherwise the board the account's owner picked for the connection. */
  private boardFor(segment: SegmentToPublish, account: PublishingAccount | undefined): string | null {
    const chosen = segment.settings.platform === 'PINTEREST' ? segment.settings.values.boardId : null;
    return chosen ?? (account?.publishAs?.kind === 'board' ? account.publishAs.id : null);
  }

  private async mediaFor(segment: SegmentToPublish, accessToken: string, media: MediaAccess): Promise<PinMedia | { outcome: PublishOutcome }> {
    if (segment.checkpoint !== null) return this.processedVideo(segment, accessToken, segment.checkpoint);
    if (segment.media.length === 0) return { outcome: { kind: 'rejected', reason: 'a pin needs an image or a video' } };
    const first = segment.media[0];
    const { body, facts } = await media.open(first.id);
    body.destroy();
    if (facts.kind === 'video') {
      if (segment.media.length > 1) return { outcome: { kind: 'rejected', reason: 'a video pin holds the video alone' } };
      return { outcome: await uploadVideo(this.settings, accessToken, first, media) };
    }
    return { kind: 'images', urls: await Promise.all(segment.media.map((item) => media.link(item.id))) };
  }

  private async processedVideo(segment: SegmentToPublish, accessToken: string, mediaId: string): Promise<PinMedia | { outcome: PublishOutcome }> {
    const state = await videoState(this.settings, accessToken, mediaId);
    if (!state.ready) return { outcome: state.outcome };
    return { kind: 'video', mediaId, keyFrameSeconds: Math.max(0, Math.floor(segment.media[0]?.thumbnailTimestamp ?? 0)) };
  }

  private async createPin(accessToken: string, body: object): Promise<PublishOutcome> {
    const answer = await postV5(this.settings, accessToken, '/pins', body);
    if (answer.kind !== 'answered' || !succeeded(answer.status)) return failedCallOutcome(answer, 'creating');
    const id = (parseJson(answer.text) as { id?: unknown } | null)?.id;
    if (typeof id !== 'string')
      return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: Pinterest created the pin without naming it', statusCode: answer.status };
    return { kind: 'published', platformPostId: id, platformPostUrl: pinUrl(id), postedAt: this.settings.now(), statusCode: answer.status };
  }
}
