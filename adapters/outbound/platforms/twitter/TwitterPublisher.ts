import { type GrantedPublisher, type MediaAccess, type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { decodeCheckpoint, encodeCheckpoint } from './twitterCheckpoint';
import { bearerJson, callX, parseJson } from './TwitterHttp';
import { resumeSegmentMedia, type SegmentMedia, uploadSegmentMedia } from './twitterMedia';
import { type TwitterSettings } from './TwitterOptions';
import { failedCallOutcome } from './twitterOutcomes';
import { tweetBody } from './twitterTweetBody';
import { asOAuth2 } from './TwitterTokens';

/**
 * Each segment is a tweet (`POST /2/tweets`); later ones reply to the one before, making a
 * thread. Media X is still processing answers `processing` with a checkpoint, and the next
 * call resumes from it: never a wait here. X takes no idempotency key, so a tweet that may
 * have reached X without a clear answer is `outcomeUnknown`, never sent again.
 */
export class TwitterPublisher implements GrantedPublisher {
  constructor(private readonly settings: TwitterSettings) {}

  /** The account's handle names the post in its URL (`x.com/{username}/status/{id}`); without it, `x.com/i/web/status/{id}`. */
  async publish(segment: SegmentToPublish, grant: PlatformGrant, media: MediaAccess, account?: PublishingAccount): Promise<PublishOutcome> {
    const { accessToken } = asOAuth2(grant);
    if (segment.segmentIndex > 0 && segment.replyToPlatformPostId === null)
      return { kind: 'rejected', reason: 'a reply in an X thread needs the tweet before it' };
    const prepared = await this.mediaOf(segment, accessToken, media);
    if (prepared.kind === 'failed') return prepared.outcome;
    if (prepared.kind === 'expired') return { kind: 'retryLater', afterSeconds: 60, reason: 'X no longer knows the uploaded media' };
    if (prepared.kind === 'processing') {
      return {
        kind: 'processing',
        afterSeconds: prepared.afterSeconds,
        checkpoint: encodeCheckpoint(prepared.checkpoint),
        reason: 'X is still processing the media',
      };
    }
    return this.tweet(segment, accessToken, prepared.mediaIds, account?.handle ?? null);
  }

  /** From the checkpoint where there is one X still knows; otherwise uploaded from the start. */
  private async mediaOf(segment: SegmentToPublish, accessToken: string, media: MediaAccess): Promise<SegmentMedia> {
    const checkpoint = decodeCheckpoint(segment.checkpoint);
    if (checkpoint !== null) {
      const resumed = await resumeSegmentMedia(this.settings, accessToken, checkpoint);
      if (resumed.kind !== 'expired') return resumed;
    }
    return uploadSegmentMedia(this.settings, accessToken, segment.media, media);
  }

  private async tweet(segment: SegmentToPublish, accessToken: string, mediaIds: readonly string[], username: string | null): Promise<PublishOutcome> {
    const answer = await callX(this.settings, {
      method: 'POST',
      url: `${this.settings.apiBaseUrl}/2/tweets`,
      headers: bearerJson(accessToken),
      body: JSON.stringify(tweetBody(segment, mediaIds)),
    });
    if (answer.kind !== 'answered' || (answer.status !== 201 && answer.status !== 200)) return failedCallOutcome(answer, 'creating', this.settings.now());
    const id = (parseJson(answer.text) as { data?: { id?: unknown } } | null)?.data?.id;
    if (typeof id !== 'string')
      return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: X answered without the tweet’s id', statusCode: answer.status };
    const platformPostUrl = username ? `https://x.com/${encodeURIComponent(username)}/status/${id}` : `https://x.com/i/web/status/${id}`;
    return { kind: 'published', platformPostId: id, platformPostUrl, postedAt: this.settings.now(), statusCode: answer.status };
  }
}
