import { type FacebookCall, fieldsOf, nodeIdOf, pageAccess, userOf } from './facebookFakeAccess';
import { videoTotals } from './facebookFakeFigures';
import { type StoredVideo } from './facebookFakeState';
import { invalidParameter, metaError, unsupportedRequest } from './kit/metaGraphAnswers';

/** `GET /me?fields=…`: only the fields asked for (id always). */
export function me(call: FacebookCall) {
  if (!userOf(call)) return;
  const fields = fieldsOf(call);
  const { id, name, picture } = call.state.user;
  call.answer(200, {
    id,
    ...(fields.includes('name') ? { name } : {}),
    ...(fields.includes('picture') ? { picture: { data: { height: 50, width: 50, is_silhouette: false, url: picture } } } : {}),
  });
}

/** `GET /me/accounts`: the Pages the person has a task on (pages_show_list, which the checker holds the token to), one page of results. */
export function accounts(call: FacebookCall) {
  if (!userOf(call)) return;
  const fields = fieldsOf(call);
  const data = call.state.pages.map((page) => ({
    id: page.id,
    ...(fields.includes('name') ? { name: page.name } : {}),
    ...(fields.includes('tasks') ? { tasks: page.tasks } : {}),
  }));
  call.answer(200, { data, paging: { cursors: { before: 'QVFIUb', after: 'QVFIUa' } } });
}

/** `GET /{page-id}?fields=access_token` with the person's token: the Page token, for a person who may create content and granted pages_manage_posts. */
function pageToken(call: FacebookCall, id: string) {
  const user = userOf(call);
  if (!user) return;
  const page = call.state.pages.find((p) => p.id === id);
  if (!page) return call.send(metaError(unsupportedRequest('get', id)));
  if (!page.tasks.includes('CREATE_CONTENT') || !user.scopes.includes('pages_manage_posts')) return call.answer(200, { id });
  call.answer(200, { access_token: call.state.issuePageToken(id, user.scopes), id });
}

/** Processing for a few checks, then ready (and the Page's post) or error. */
function advance(call: FacebookCall, video: StoredVideo): 'processing' | 'ready' | 'error' {
  if (video.checksLeft > 0) {
    video.checksLeft -= 1;
    return 'processing';
  }
  if (video.outcome === 'ready' && !call.state.posts.some((p) => p.videoId === video.id)) {
    const id = `${video.pageId}_${call.state.nextId()}`;
    call.state.posts.push({ id, pageId: video.pageId, message: video.description, photoIds: [], videoId: video.id, createdAt: video.createdAt });
  }
  return video.outcome;
}

/** `GET /{video-id}?fields=status` with the Page's token. */
function videoStatus(call: FacebookCall, video: StoredVideo) {
  if (!pageAccess(call, video.pageId)) return;
  const status = advance(call, video);
  const processingPhase =
    status === 'processing'
      ? { status: 'in_progress' }
      : status === 'ready'
        ? { status: 'complete' }
        : { status: 'error', errors: [{ code: 1363008, message: 'The video file could not be decoded' }] };
  call.answer(200, {
    status: {
      video_status: status,
      uploading_phase: { status: 'complete', bytes_transferred: 1024 },
      processing_phase: processingPhase,
      publishing_phase: { status: status === 'ready' ? 'complete' : 'not_started' },
    },
    id: video.id,
  });
}

/** `GET /{id}?fields=…`: a Page's token, a video's status or its totals, the node reads the connector makes. */
export function node(call: FacebookCall) {
  const id = nodeIdOf(call);
  const fields = fieldsOf(call);
  if (fields.length === 1 && fields[0] === 'access_token') return pageToken(call, id);
  const video = call.state.videos.get(id);
  if (fields.length === 1 && fields[0] === 'status') return video ? videoStatus(call, video) : call.send(metaError(unsupportedRequest('get', id)));
  if (video !== undefined) return videoTotals(call, id, video.pageId);
  call.send(metaError(invalidParameter(`(#100) The fake reads only fields=access_token or fields=status, not ${fields.join(',')}`)));
}
