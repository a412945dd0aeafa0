import { type GrantedPublisher, type MediaAccess, type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { bearer, bearerJson, okJson, urlOf } from '../kit/http';
import { failedCall } from '../kit/outcomes';
import { asOAuth2, callYouTube, commentPostId, commentUrl, videoIdOf, YOUTUBE_ERRORS, type YouTubeSettings } from './youTubeApi';
import { publishVideo } from './youTubeVideo';

/**
 * Segment 0 is the video (title and description from its text); later segments become
 * top-level comments on that video. The video goes to the channel the grant belongs to; a
 * connection made for another channel is refused before anything is uploaded.
 */
export class YouTubePublisher implements GrantedPublisher {
  constructor(private readonly settings: YouTubeSettings) {}

  async publish(segment: SegmentToPublish, grant: PlatformGrant, media: MediaAccess, account: PublishingAccount): Promise<PublishOutcome> {
    const { accessToken } = asOAuth2(grant);
    if (segment.segmentIndex === 0) {
      const refusal = otherChannelRefusal(account);
      if (refusal !== null) return { kind: 'rejected', reason: refusal };
      return publishVideo(this.settings, accessToken, segment, media);
    }
    return publishComment(this.settings, accessToken, segment);
  }
}

/**
 * Why a video cannot go to the channel its connection names, or null when it can. YouTube puts
 * an upload on the channel the Google consent was given for; the API lets no ordinary account
 * name another, so a connection made for another channel the account listed is refused rather
 * than published on the wrong channel (docs/decisions.md, "Connections").
 */
export function otherChannelRefusal(account: PublishingAccount | undefined): string | null {
  const consentChannelId = account?.accountId ?? null;
  const chosen = account?.publishAs?.kind === 'channel' ? account.publishAs : null;
  if (consentChannelId === null || chosen === null || chosen.id === consentChannelId) return null;
  return (
    `YouTube uploads to the channel this Google consent was given for (${consentChannelId}), not to ${chosen.name} (${chosen.id}) ` +
    `chosen for this connection: connect again and pick ${chosen.name} on Google’s screen`
  );
}

type ChannelOfVideo = { readonly ok: true; readonly channelId: string } | { readonly ok: false; readonly outcome: PublishOutcome };

/** `GET /youtube/v3/videos?part=snippet&id=…`: the channel a comment thread names with its video. */
async function channelOfVideo(settings: YouTubeSettings, accessToken: string, videoId: string): Promise<ChannelOfVideo> {
  const url = urlOf(settings.apiBaseUrl, '/youtube/v3/videos', { part: 'snippet', id: videoId });
  const answer = await callYouTube(settings, { method: 'GET', url, headers: bearer(accessToken) });
  const body = okJson(answer);
  if (body === null) return { ok: false, outcome: failedCall(answer, 'preparing', YOUTUBE_ERRORS, settings.now()) };
  const items = Array.isArray(body.items) ? (body.items as Array<{ snippet?: { channelId?: unknown } }>) : [];
  const channelId = items[0]?.snippet?.channelId;
  if (typeof channelId !== 'string')
    return { ok: false, outcome: { kind: 'rejected', reason: `YouTube has no video ${videoId} to comment on`, statusCode: 200 } };
  return { ok: true, channelId };
}

/**
 * A later segment as a top-level comment on the first segment's video
 * (`POST /youtube/v3/commentThreads?part=snippet`). YouTube takes no idempotency key, so a
 * comment that may have arrived without a clear answer is `outcomeUnknown`, never repeated (the
 * engine then reads the video's comments back: YouTubeReader).
 */
async function publishComment(settings: YouTubeSettings, accessToken: string, segment: SegmentToPublish): Promise<PublishOutcome> {
  if (segment.replyToPlatformPostId === null) return { kind: 'rejected', reason: 'a YouTube comment needs the video it goes on' };
  if (segment.media.length > 0) return { kind: 'rejected', reason: 'YouTube comments carry text only' };
  const videoId = videoIdOf(segment.replyToPlatformPostId);
  const channel = await channelOfVideo(settings, accessToken, videoId);
  if (!channel.ok) return channel.outcome;
  const answer = await callYouTube(settings, {
    method: 'POST',
    url: `${settings.apiBaseUrl}/youtube/v3/commentThreads?part=snippet`,
    headers: bearerJson(accessToken),
    body: JSON.stringify({ snippet: { channelId: channel.channelId, videoId, topLevelComment: { snippet: { textOriginal: segment.text } } } }),
  });
  if (answer.kind !== 'answered' || answer.status !== 200) return failedCall(answer, 'creating', YOUTUBE_ERRORS, settings.now());
  const threadId = okJson(answer)?.id;
  if (typeof threadId !== 'string')
    return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: YouTube made the comment without naming it', statusCode: 200 };
  const postedAt = settings.now();
  return { kind: 'published', platformPostId: commentPostId(videoId, threadId), platformPostUrl: commentUrl(videoId, threadId), postedAt, statusCode: 200 };
}
