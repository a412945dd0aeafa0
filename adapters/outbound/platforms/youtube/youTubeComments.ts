import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { failedCallOutcome } from './youTubeErrors';
import { bearer, callGoogle, JSON_BODY, parseJson } from './YouTubeHttp';
import { commentPostId, commentUrl, videoIdOf } from './youTubeIds';
import { type YouTubeSettings } from './YouTubeOptions';

type ChannelOfVideo = { readonly ok: true; readonly channelId: string } | { readonly ok: false; readonly outcome: PublishOutcome };

/** `GET /youtube/v3/videos?part=snippet&id=…`: the channel a comment thread names with its video. */
async function channelOfVideo(settings: YouTubeSettings, accessToken: string, videoId: string): Promise<ChannelOfVideo> {
  const url = `${settings.apiBaseUrl}/youtube/v3/videos?part=snippet&id=${encodeURIComponent(videoId)}`;
  const answer = await callGoogle(settings, { method: 'GET', url, headers: bearer(accessToken) });
  if (answer.kind !== 'answered' || answer.status !== 200) return { ok: false, outcome: failedCallOutcome(answer, false, settings.now()) };
  const items = (parseJson(answer.text) as { items?: Array<{ snippet?: { channelId?: unknown } }> } | null)?.items ?? [];
  const channelId = items[0]?.snippet?.channelId;
  if (typeof channelId !== 'string')
    return { ok: false, outcome: { kind: 'rejected', reason: `YouTube has no video ${videoId} to comment on`, statusCode: 200 } };
  return { ok: true, channelId };
}

/**
 * A later segment as a top-level comment on the first segment's video
 * (`POST /youtube/v3/commentThreads?part=snippet`). YouTube takes no idempotency key, so a
 * comment that may have arrived without a clear answer is `outcomeUnknown`, never repeated.
 */
export async function publishComment(settings: YouTubeSettings, accessToken: string, segment: SegmentToPublish): Promise<PublishOutcome> {
  if (segment.replyToPlatformPostId === null) return { kind: 'rejected', reason: 'a YouTube comment needs the video it goes on' };
  if (segment.media.length > 0) return { kind: 'rejected', reason: 'YouTube comments carry text only' };
  const videoId = videoIdOf(segment.replyToPlatformPostId);
  const channel = await channelOfVideo(settings, accessToken, videoId);
  if (!channel.ok) return channel.outcome;
  const answer = await callGoogle(settings, {
    method: 'POST',
    url: `${settings.apiBaseUrl}/youtube/v3/commentThreads?part=snippet`,
    headers: { ...bearer(accessToken), ...JSON_BODY },
    body: JSON.stringify({ snippet: { channelId: channel.channelId, videoId, topLevelComment: { snippet: { textOriginal: segment.text } } } }),
  });
  if (answer.kind !== 'answered' || answer.status !== 200) return failedCallOutcome(answer, true, settings.now());
  const threadId = (parseJson(answer.text) as { id?: unknown } | null)?.id;
  if (typeof threadId !== 'string')
    return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: YouTube made the comment without naming it', statusCode: 200 };
  return {
    kind: 'published',
    platformPostId: commentPostId(videoId, threadId),
    platformPostUrl: commentUrl(videoId, threadId),
    postedAt: settings.now(),
    statusCode: 200,
  };
}
