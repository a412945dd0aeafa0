import { type GrantedPublisher, type MediaAccess, type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { bearerJson, okJson } from '../kit/http';
import { failedCall } from '../kit/outcomes';
import { asOAuth2, callX, type TwitterSettings, X_ERRORS } from './twitterApi';
import { decodeCheckpoint, encodeCheckpoint, resumeSegmentMedia, type SegmentMedia, uploadSegmentMedia } from './twitterMedia';

/** The Dispatch setting to X's `reply_settings`; everyone is X's default and is not sent. */
const REPLY_SETTINGS = { everyone: null, following: 'following', mentioned: 'mentionedUsers' } as const;

/** A tweet's page: `x.com/{username}/status/{id}`, or `x.com/i/web/status/{id}` without the handle. */
export const tweetUrl = (username: string | null, id: string): string =>
  username ? `https://x.com/${encodeURIComponent(username)}/status/${id}` : `https://x.com/i/web/status/${id}`;

/**
 * The body of `POST /2/tweets`. Later segments reply to the one before (a thread). Who may
 * reply is set on the thread's first tweet, the one the audience replies to.
 */
export function tweetBody(segment: SegmentToPublish, mediaIds: readonly string[]): object {
  const restriction = segment.settings.platform === 'TWITTER' && segment.segmentIndex === 0 ? REPLY_SETTINGS[segment.settings.values.replyRestriction] : null;
  return {
    ...(segment.text.length > 0 ? { text: segment.text } : {}),
    ...(segment.replyToPlatformPostId !== null ? { reply: { in_reply_to_tweet_id: segment.replyToPlatformPostId } } : {}),
    ...(mediaIds.length > 0 ? { media: { media_ids: [...mediaIds] } } : {}),
    ...(restriction ? { reply_settings: restriction } : {}),
  };
}

/**
 * Each segment is a tweet (`POST /2/tweets`); later ones reply to the one before, making a
 * thread. Media X is still processing answers `processing` with a checkpoint, and the next
 * call resumes from it: never a wait here. X takes no idempotency key, so a tweet that may
 * have reached X without a clear answer is `outcomeUnknown`, never sent again (the engine then
 * reads the account back: TwitterReader).
 */
export class TwitterPublisher implements GrantedPublisher {
  constructor(private readonly settings: TwitterSettings) {}

  async publish(segment: SegmentToPublish, grant: PlatformGrant, media: MediaAccess, account: PublishingAccount): Promise<PublishOutcome> {
    const { accessToken } = asOAuth2(grant);
    if (segment.segmentIndex > 0 && segment.replyToPlatformPostId === null)
      return { kind: 'rejected', reason: 'a reply in an X thread needs the tweet before it' };
    const prepared = await this.mediaOf(segment, accessToken, media);
    if (prepared.kind === 'failed') return prepared.outcome;
    if (prepared.kind === 'expired') return { kind: 'retryLater', afterSeconds: 60, reason: 'X no longer knows the uploaded media' };
    if (prepared.kind === 'processing') {
      const checkpoint = encodeCheckpoint(prepared.checkpoint);
      return { kind: 'processing', afterSeconds: prepared.afterSeconds, checkpoint, reason: 'X is still processing the media' };
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
    const url = `${this.settings.apiBaseUrl}/2/tweets`;
    const answer = await callX(this.settings, { method: 'POST', url, headers: bearerJson(accessToken), body: JSON.stringify(tweetBody(segment, mediaIds)) });
    if (answer.kind !== 'answered' || (answer.status !== 201 && answer.status !== 200)) return failedCall(answer, 'creating', X_ERRORS, this.settings.now());
    const id = (okJson(answer)?.data as { id?: unknown } | undefined)?.id;
    if (typeof id !== 'string')
      return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: X answered without the tweet’s id', statusCode: answer.status };
    return { kind: 'published', platformPostId: id, platformPostUrl: tweetUrl(username, id), postedAt: this.settings.now(), statusCode: answer.status };
  }
}
