import { type InstagramCall, fieldsOf, segmentsOf, tokenOf } from './instagramFakeGraph';
import { type FakeContainer } from './instagramFakeState';
import { invalidParameter, metaError, unsupportedRequest } from './kit/metaGraphAnswers';

/** A video container moves on each time it is asked about: IN_PROGRESS for a few reads, then FINISHED (or ERROR). */
function advance(container: FakeContainer) {
  if (container.statusCode !== 'IN_PROGRESS') return;
  if (container.checksLeft > 0) {
    container.checksLeft -= 1;
    return;
  }
  container.statusCode = container.failure ? 'ERROR' : 'FINISHED';
  container.status = container.failure ?? container.statusCode;
}

/** `GET /{id}`: a container's `status_code,status`, or a post's `permalink`. */
export function readNode(call: InstagramCall) {
  if (!tokenOf(call)) return;
  const [id = ''] = segmentsOf(call);
  const fields = fieldsOf(call);
  const container = call.state.containers.get(id);
  if (container) {
    advance(container);
    const answer: Record<string, string> = { id };
    if (fields.includes('status_code')) answer.status_code = container.statusCode;
    if (fields.includes('status')) answer.status = container.status;
    return call.answer(200, answer);
  }
  const media = call.state.media.find((m) => m.id === id);
  if (!media) return call.send(metaError(unsupportedRequest('get', id)));
  call.answer(200, fields.includes('permalink') ? { id, permalink: media.permalink } : { id });
}

/** `POST /{ig-user-id}/media_publish?creation_id=…`: a FINISHED container, within the publishing limit (9/2207042, as documented). */
export function mediaPublish(call: InstagramCall) {
  const token = tokenOf(call);
  if (!token) return;
  const { state } = call;
  const creationId = call.url.searchParams.get('creation_id') ?? '';
  const container = state.containers.get(creationId);
  if (!container || container.userId !== segmentsOf(call)[0] || container.carouselItem) return call.send(metaError(unsupportedRequest('post', creationId)));
  if (container.statusCode !== 'FINISHED') {
    const notReady = { status: 400, message: 'Media ID is not available', code: 9007, subcode: 2207027 };
    return call.send(metaError({ ...notReady, userMessage: 'The media is not ready for publishing, please wait for a moment' }));
  }
  if (state.media.length >= state.publishingLimit) {
    const limit = { status: 400, message: 'Application request limit reached', code: 9, subcode: 2207042 };
    return call.send(metaError({ ...limit, userMessage: 'You reached maximum number of posts that is allowed to be published by Content Publishing API.' }));
  }
  container.statusCode = 'PUBLISHED';
  container.status = 'PUBLISHED';
  const id = state.nextId();
  state.media.push({ id, containerId: container.id, permalink: `https://www.instagram.com/p/C${id.slice(-8)}/`, createdAt: state.now() });
  call.answer(200, { id });
}

/** `POST /{ig-media-id}/comments?message=…` (instagram_business_manage_comments, which the checker holds the token to). */
export function createComment(call: InstagramCall) {
  if (!tokenOf(call)) return;
  const [mediaId = ''] = segmentsOf(call);
  const media = call.state.media.find((m) => m.id === mediaId);
  if (!media) return call.send(metaError(unsupportedRequest('post', mediaId)));
  const message = call.url.searchParams.get('message');
  if (!message) return call.send(metaError(invalidParameter('(#100) The parameter message is required')));
  const id = call.state.nextId();
  call.state.comments.push({ id, mediaId: media.id, message, createdAt: call.state.now() });
  call.answer(200, { id });
}
