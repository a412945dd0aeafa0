import { invalidParameter, permissionError, sendError, sendJson } from './facebookFakeAnswers';
import { type GraphRequest, pageAccess, respondWith, text, userOf } from './facebookFakeAccess';
import { type FacebookFakeState } from './facebookFakeState';

const fieldsOf = (request: GraphRequest): string[] => (text(request.params.fields) ?? '').split(',').filter((f) => f.length > 0);

const unsupportedGet = (id: string) => ({
  status: 400,
  code: 100,
  subcode: 33,
  message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
});

/** `GET /me?fields=…`: only the fields asked for (id always). */
export function me(state: FacebookFakeState, request: GraphRequest) {
  if (!respondWith(request.response, userOf(state, request))) return;
  const fields = fieldsOf(request);
  const { id, name, picture } = state.user;
  sendJson(request.response, 200, {
    id,
    ...(fields.includes('name') ? { name } : {}),
    ...(fields.includes('picture') ? { picture: { data: { height: 50, width: 50, is_silhouette: false, url: picture } } } : {}),
  });
}

/** `GET /me/accounts`: the Pages the person has a task on (pages_show_list), one page of results. */
export function accounts(state: FacebookFakeState, request: GraphRequest) {
  const user = userOf(state, request);
  if (!respondWith(request.response, user)) return;
  if (!user.value.granted.includes('pages_show_list')) return sendError(request.response, permissionError('(#200) Requires pages_show_list permission'));
  const fields = fieldsOf(request);
  const data = state.pages.map((page) => ({
    id: page.id,
    ...(fields.includes('name') ? { name: page.name } : {}),
    ...(fields.includes('tasks') ? { tasks: page.tasks } : {}),
  }));
  sendJson(request.response, 200, { data, paging: { cursors: { before: 'QVFIUb', after: 'QVFIUa' } } });
}

/** `GET /{page-id}?fields=access_token` with a user token: the Page token, for a person with a task on the Page. */
function pageToken(state: FacebookFakeState, request: GraphRequest, id: string) {
  const user = userOf(state, request);
  if (!respondWith(request.response, user)) return;
  const page = state.pages.find((p) => p.id === id);
  if (!page) return sendError(request.response, unsupportedGet(id));
  if (!page.tasks.includes('CREATE_CONTENT') || !user.value.granted.includes('pages_manage_posts')) return sendJson(request.response, 200, { id });
  const token = `EAAPage${id}x${state.next()}`;
  state.pageTokens.set(token, id);
  sendJson(request.response, 200, { access_token: token, id });
}

/** `GET /{video-id}?fields=status` with the Page's token: processing for a while, then ready (or error). */
function videoStatus(state: FacebookFakeState, request: GraphRequest, id: string) {
  const video = state.videos.get(id);
  if (!video) return sendError(request.response, unsupportedGet(id));
  if (!respondWith(request.response, pageAccess(state, request, video.pageId))) return;
  const processing = video.checksLeft > 0;
  if (processing) video.checksLeft -= 1;
  const videoStatus = processing ? 'processing' : video.outcome;
  const processingPhase = processing
    ? { status: 'in_progress' }
    : video.outcome === 'ready'
      ? { status: 'complete' }
      : { status: 'error', errors: [{ code: 1363008, message: 'The video file could not be decoded' }] };
  sendJson(request.response, 200, {
    status: {
      video_status: videoStatus,
      uploading_phase: { status: 'complete', bytes_transferred: 1024 },
      processing_phase: processingPhase,
      publishing_phase: { status: videoStatus === 'ready' ? 'complete' : 'not_started' },
    },
    id,
  });
}

/** `GET /{id}?fields=…`: a Page's token or a video's status, the two node reads the connector makes. */
export function node(state: FacebookFakeState, request: GraphRequest, id: string) {
  const fields = fieldsOf(request);
  if (fields.length === 1 && fields[0] === 'access_token') return pageToken(state, request, id);
  if (fields.length === 1 && fields[0] === 'status') return videoStatus(state, request, id);
  sendError(request.response, invalidParameter(`(#100) The fake reads only fields=access_token or fields=status, not ${fields.join(',')}`));
}
