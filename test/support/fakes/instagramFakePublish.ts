import { type ServerResponse } from 'node:http';
import { sendJson, sendMetaError } from './instagramFakeAnswers';
import { type GraphRequest, tokenOf } from './instagramFakeGraph';
import { type InstagramFakeState } from './instagramFakeState';

const notFound = (response: ServerResponse, id: string) =>
  sendMetaError(response, {
    status: 400,
    message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    code: 100,
    error_subcode: 33,
  });

/** `GET /{id}`: a container's `status_code,status` (a video moves on as it is asked), or a post's `permalink`. */
export function readNode(state: InstagramFakeState, { query, segments }: GraphRequest, response: ServerResponse) {
  if (!tokenOf(state, query, response)) return;
  const id = segments[0];
  const fields = (query.get('fields') ?? '').split(',');
  const container = state.containers.get(id);
  if (container) {
    if (container.statusCode === 'IN_PROGRESS' && container.checksLeft > 0) container.checksLeft -= 1;
    else if (container.statusCode === 'IN_PROGRESS') {
      container.statusCode = container.failure ? 'ERROR' : 'FINISHED';
      container.status = container.failure ?? container.statusCode;
    }
    const answer: Record<string, string> = { id };
    if (fields.includes('status_code')) answer.status_code = container.statusCode;
    if (fields.includes('status')) answer.status = container.status;
    return sendJson(response, 200, answer);
  }
  const media = state.media.find((m) => m.id === id);
  if (!media) return notFound(response, id);
  sendJson(response, 200, fields.includes('permalink') ? { id, permalink: media.permalink } : { id });
}

/** `POST /{ig-user-id}/media_publish?creation_id=…`: a FINISHED container, within the publishing limit. */
export function mediaPublish(state: InstagramFakeState, { query, segments }: GraphRequest, response: ServerResponse) {
  const token = tokenOf(state, query, response);
  if (!token) return;
  const container = state.containers.get(query.get('creation_id') ?? '');
  if (!container || container.userId !== segments[0] || container.carouselItem) return notFound(response, query.get('creation_id') ?? '');
  if (container.statusCode !== 'FINISHED') {
    return sendMetaError(response, {
      status: 400,
      message: 'Media ID is not available',
      code: 9007,
      error_subcode: 2207027,
      error_user_msg: 'The media is not ready for publishing, please wait for a moment',
    });
  }
  if (state.media.length >= state.publishingLimit) {
    return sendMetaError(response, {
      status: 400,
      message: 'Application request limit reached',
      code: 4,
      error_subcode: 2207042,
      error_user_msg: 'You reached maximum number of posts that is allowed to be published by Content Publishing API.',
    });
  }
  container.statusCode = 'PUBLISHED';
  container.status = 'PUBLISHED';
  const id = state.nextId();
  state.media.push({ id, containerId: container.id, permalink: `https://www.instagram.com/p/C${id.slice(-8)}/` });
  sendJson(response, 200, { id });
}

/** `POST /{ig-media-id}/comments?message=…` (instagram_business_manage_comments). */
export function createComment(state: InstagramFakeState, { query, segments }: GraphRequest, response: ServerResponse) {
  const token = tokenOf(state, query, response);
  if (!token) return;
  if (!token.scopes.includes('instagram_business_manage_comments')) {
    return sendMetaError(response, { status: 403, message: '(#10) Application does not have permission for this action', code: 10 });
  }
  const media = state.media.find((m) => m.id === segments[0]);
  if (!media) return notFound(response, segments[0]);
  const message = query.get('message');
  if (!message) return sendMetaError(response, { status: 400, message: '(#100) The parameter message is required', code: 100 });
  const id = state.nextId();
  state.comments.push({ id, mediaId: media.id, message });
  sendJson(response, 200, { id });
}
