import { type FakeCall } from './kit/fakeCall';
import { type FakeAccessToken, liveTokenOf } from './kit/oauthGrants';
import { googleError, UNAUTHORIZED } from './youtubeFakeAnswers';
import { type FakeCommentThread, type FakeVideo, uploadsPlaylistOf, type YouTubeFakeState } from './youtubeFakeState';

export type GoogleCall = FakeCall<YouTubeFakeState>;

/** The request's live token, or Google's 401 answered. Scopes are the discovery document's to check. */
export const userOf = (call: GoogleCall): FakeAccessToken | null => liveTokenOf(call, UNAUTHORIZED);

const parts = (call: GoogleCall): string[] => (call.url.searchParams.get('part') ?? '').split(',');

const pageOf = (items: readonly unknown[], perPage: number) => ({ totalResults: items.length, resultsPerPage: perPage });

/** `GET /youtube/v3/channels` (youtube.channels.list) `mine=true` or `id=…`: the parts asked for. */
export function channelsList(call: GoogleCall) {
  if (!userOf(call)) return;
  const query = call.url.searchParams;
  if (query.get('mine') !== 'true' && !query.has('id'))
    return call.send(googleError(400, 'missingRequiredParameter', 'No filter selected.', 'youtube.parameter'));
  const ids = query.get('id')?.split(',');
  const items = call.state.channels
    .filter((c) => ids === undefined || ids.includes(c.id))
    .map((c) => ({
      kind: 'youtube#channel',
      id: c.id,
      ...(parts(call).includes('snippet')
        ? { snippet: { title: c.title, customUrl: c.customUrl, thumbnails: { default: { url: `https://yt3.ggpht.com/${c.id}=s88`, width: 88, height: 88 } } } }
        : {}),
      ...(parts(call).includes('contentDetails') ? { contentDetails: { relatedPlaylists: { likes: '', uploads: uploadsPlaylistOf(c.id) } } } : {}),
    }));
  call.answer(200, { kind: 'youtube#channelListResponse', pageInfo: pageOf(items, 5), items });
}

const videoSnippet = (video: FakeVideo) => ({ ...video.snippet, channelId: video.channelId, publishedAt: video.uploadedAt.toISOString() });

/** A new video's statistics: every count 0 (`favoriteCount` is deprecated and always 0). */
const NO_STATISTICS = { viewCount: '0', likeCount: '0', dislikeCount: '0', favoriteCount: '0', commentCount: '0' };

/** `GET /youtube/v3/videos?id=…` (youtube.videos.list): unknown (deleted) ids are left out of `items`. */
export function videosList(call: GoogleCall) {
  if (!userOf(call)) return;
  const ids = (call.url.searchParams.get('id') ?? '').split(',');
  const items = call.state.videos
    .filter((v) => ids.includes(v.id))
    .map((v) => ({
      kind: 'youtube#video',
      id: v.id,
      ...(parts(call).includes('snippet') ? { snippet: videoSnippet(v) } : {}),
      ...(parts(call).includes('status') ? { status: { ...v.status, uploadStatus: 'uploaded' } } : {}),
      ...(parts(call).includes('statistics') ? { statistics: call.state.statistics.get(v.id) ?? NO_STATISTICS } : {}),
    }));
  call.answer(200, { kind: 'youtube#videoListResponse', pageInfo: pageOf(items, items.length), items });
}

/** `GET /youtube/v3/playlistItems?playlistId=…` (youtube.playlistItems.list): a channel's uploads, newest first, private ones too for its owner. */
export function playlistItemsList(call: GoogleCall) {
  if (!userOf(call)) return;
  const playlistId = call.url.searchParams.get('playlistId') ?? '';
  const channel = call.state.channels.find((c) => uploadsPlaylistOf(c.id) === playlistId);
  if (!channel)
    return call.send(
      googleError(404, 'playlistNotFound', 'The playlist identified with the request’s playlistId parameter cannot be found.', 'youtube.playlistItem'),
    );
  const limit = Number(call.url.searchParams.get('maxResults') ?? 5);
  const uploads = call.state.videos.filter((v) => v.channelId === channel.id).reverse();
  const items = uploads.slice(0, limit).map((v, position) => ({
    kind: 'youtube#playlistItem',
    id: `PLI${v.id}`,
    ...(parts(call).includes('snippet') ? { snippet: { ...videoSnippet(v), playlistId, position, resourceId: { kind: 'youtube#video', videoId: v.id } } } : {}),
    ...(parts(call).includes('contentDetails') ? { contentDetails: { videoId: v.id, videoPublishedAt: v.uploadedAt.toISOString() } } : {}),
  }));
  call.answer(200, { kind: 'youtube#playlistItemListResponse', pageInfo: pageOf(uploads, limit), items });
}

function threadResource(thread: FakeCommentThread, plainText: boolean) {
  const escaped = plainText ? thread.text : thread.text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const snippet = {
    channelId: thread.channelId,
    videoId: thread.videoId,
    textDisplay: escaped,
    textOriginal: thread.text,
    authorChannelId: { value: thread.authorChannelId },
    publishedAt: thread.publishedAt.toISOString(),
    updatedAt: thread.publishedAt.toISOString(),
  };
  return {
    kind: 'youtube#commentThread',
    id: thread.id,
    snippet: { channelId: thread.channelId, videoId: thread.videoId, topLevelComment: { kind: 'youtube#comment', id: thread.id, snippet }, totalReplyCount: 0 },
  };
}

/** `POST /youtube/v3/commentThreads?part=snippet` (youtube.commentThreads.insert): a top-level comment on a video of the channel named. */
export function commentThreadsInsert(call: GoogleCall) {
  if (!userOf(call)) return;
  const snippet = call.json()?.snippet as { channelId?: unknown; videoId?: unknown; topLevelComment?: { snippet?: { textOriginal?: unknown } } } | undefined;
  if (typeof snippet?.channelId !== 'string' || typeof snippet.videoId !== 'string') {
    return call.send(googleError(400, 'channelOrVideoIdMissing', 'The comment thread must be associated with a channel or video.', 'youtube.commentThread'));
  }
  const text = snippet.topLevelComment?.snippet?.textOriginal;
  if (typeof text !== 'string' || text.length === 0) return call.send(googleError(400, 'commentTextRequired', 'Comment text is required.', 'youtube.comment'));
  const video = call.state.videos.find((v) => v.id === snippet.videoId);
  if (!video) return call.send(googleError(404, 'videoNotFound', 'The video identified by videoId could not be found.', 'youtube.commentThread'));
  if (video.channelId !== snippet.channelId) return call.send(googleError(400, 'invalidCommentThreadMetadata', 'The request metadata is invalid.'));
  const id = `Ugz${call.state.next()}thread`;
  const thread = { id, channelId: video.channelId, videoId: video.id, authorChannelId: call.state.channels[0]!.id, text, publishedAt: call.state.now() };
  call.state.commentThreads.push(thread);
  call.answer(200, threadResource(thread, false));
}

/** `GET /youtube/v3/commentThreads?videoId=…` (youtube.commentThreads.list): the video's threads, newest first with `order=time`. */
export function commentThreadsList(call: GoogleCall) {
  if (!userOf(call)) return;
  const videoId = call.url.searchParams.get('videoId');
  if (videoId === null) return call.send(googleError(400, 'missingRequiredParameter', 'No filter selected.', 'youtube.parameter'));
  if (!call.state.videos.some((v) => v.id === videoId)) {
    return call.send(googleError(404, 'videoNotFound', 'The video identified by the videoId parameter could not be found.', 'youtube.commentThread'));
  }
  const limit = Number(call.url.searchParams.get('maxResults') ?? 20);
  const plainText = call.url.searchParams.get('textFormat') === 'plainText';
  const threads = call.state.commentThreads.filter((t) => t.videoId === videoId).reverse();
  const items = threads.slice(0, limit).map((t) => threadResource(t, plainText));
  call.answer(200, { kind: 'youtube#commentThreadListResponse', pageInfo: pageOf(threads, limit), items });
}
