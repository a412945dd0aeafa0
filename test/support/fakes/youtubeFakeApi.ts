import { type IncomingMessage, type ServerResponse } from 'node:http';
import { sendGoogleError, sendJson, unauthorized } from './youtubeFakeAnswers';
import { type YouTubeFakeState } from './youtubeFakeState';

export interface FakeRequest {
  readonly message: IncomingMessage;
  readonly url: URL;
  readonly body: Buffer;
  readonly base: string;
}

/** The scopes of the request's Bearer token; answers 401 (or 403 without any of `needs`) and gives null. */
export function bearer(state: YouTubeFakeState, message: IncomingMessage, response: ServerResponse, needs: string[]): string[] | null {
  const token = /^Bearer (.+)$/.exec(message.headers.authorization ?? '')?.[1];
  const scopes = token === undefined ? null : state.scopesOf(token);
  if (scopes === null) {
    unauthorized(response);
    return null;
  }
  if (!scopes.some((s) => needs.includes(s) || s === 'https://www.googleapis.com/auth/youtube')) {
    sendGoogleError(response, 403, 'insufficientPermissions', 'Request had insufficient authentication scopes.', 'global');
    return null;
  }
  return scopes;
}

export function json(body: Buffer): Record<string, unknown> | null {
  try {
    const value = JSON.parse(body.toString());
    return typeof value === 'object' && value !== null ? value : null;
  } catch {
    return null;
  }
}

const READS = ['https://www.googleapis.com/auth/youtube.readonly', 'https://www.googleapis.com/auth/youtube.force-ssl'];

/** `GET /youtube/v3/channels?part=snippet&mine=true`. */
export function channels(state: YouTubeFakeState, { message, url }: FakeRequest, response: ServerResponse) {
  if (!bearer(state, message, response, READS)) return;
  if (url.searchParams.get('part') !== 'snippet') return sendGoogleError(response, 400, 'invalidPart', 'Unknown part', 'youtube.parameter');
  if (url.searchParams.get('mine') !== 'true') return sendGoogleError(response, 400, 'missingRequiredParameter', 'No filter selected.', 'youtube.parameter');
  const items = state.channels.map((c) => ({
    kind: 'youtube#channel',
    id: c.id,
    snippet: { title: c.title, customUrl: c.customUrl, thumbnails: { default: { url: `https://yt3.ggpht.com/${c.id}=s88`, width: 88, height: 88 } } },
  }));
  sendJson(response, 200, { kind: 'youtube#channelListResponse', pageInfo: { totalResults: items.length, resultsPerPage: 5 }, items });
}

/** `GET /youtube/v3/videos?part=snippet&id=…`: unknown ids are left out of `items`. */
export function videos(state: YouTubeFakeState, { message, url }: FakeRequest, response: ServerResponse) {
  if (!bearer(state, message, response, READS)) return;
  const ids = (url.searchParams.get('id') ?? '').split(',');
  const items = state.videos
    .filter((v) => ids.includes(v.id))
    .map((v) => ({ kind: 'youtube#video', id: v.id, snippet: { ...v.snippet, channelId: v.channelId } }));
  sendJson(response, 200, { kind: 'youtube#videoListResponse', items });
}

/** `POST /youtube/v3/commentThreads?part=snippet`: a top-level comment on a video of the channel named. */
export function insertCommentThread(state: YouTubeFakeState, { message, url, body }: FakeRequest, response: ServerResponse) {
  if (!bearer(state, message, response, ['https://www.googleapis.com/auth/youtube.force-ssl'])) return;
  if (url.searchParams.get('part') !== 'snippet') return sendGoogleError(response, 400, 'invalidPart', 'Unknown part', 'youtube.parameter');
  const snippet = json(body)?.snippet as { channelId?: unknown; videoId?: unknown; topLevelComment?: { snippet?: { textOriginal?: unknown } } } | undefined;
  if (typeof snippet?.channelId !== 'string' || typeof snippet.videoId !== 'string') {
    return sendGoogleError(response, 400, 'channelOrVideoIdMissing', 'The comment thread must be associated with a channel or video.', 'youtube.commentThread');
  }
  const text = snippet.topLevelComment?.snippet?.textOriginal;
  if (typeof text !== 'string' || text.length === 0)
    return sendGoogleError(response, 400, 'commentTextRequired', 'Comment text is required.', 'youtube.comment');
  const video = state.videos.find((v) => v.id === snippet.videoId);
  if (!video) return sendGoogleError(response, 404, 'videoNotFound', 'The video identified by videoId could not be found.', 'youtube.commentThread');
  if (video.channelId !== snippet.channelId) return sendGoogleError(response, 400, 'invalidCommentThreadMetadata', 'The request metadata is invalid.');
  const id = `Ugz${state.next()}thread`;
  state.commentThreads.push({ id, channelId: video.channelId, videoId: video.id, text });
  const comment = { kind: 'youtube#comment', id, snippet: { channelId: video.channelId, videoId: video.id, textOriginal: text, textDisplay: text } };
  sendJson(response, 200, { kind: 'youtube#commentThread', id, snippet: { channelId: video.channelId, videoId: video.id, topLevelComment: comment } });
}
