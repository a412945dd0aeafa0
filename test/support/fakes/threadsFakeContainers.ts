import { type FakeCall } from './kit/fakeCall';
import { type FakeAccessToken } from './kit/oauthGrants';
import { badParameter, refused, THREADS_PERMISSION_CODE, userOf } from './threadsFakeAnswers';
import { type ContainerState, type ThreadsFakeState } from './threadsFakeState';

type ThreadsCall = FakeCall<ThreadsFakeState>;

const TEXT_LIMIT = 500;

/** Threads counts characters, an emoji as its UTF-8 bytes (docs/platforms.md, Threads: `/me/threads`). */
const threadsLength = (text: string): number => [...text].reduce((n, ch) => n + (/\p{Extended_Pictographic}/u.test(ch) ? Buffer.byteLength(ch) : 1), 0);

/** The user a `/{threads-user-id}/…` path names (`me` or the id), when it is the token's own. */
export const pathUserIsToken = (call: ThreadsCall, token: FakeAccessToken): boolean => {
  const user = call.url.pathname.split('/')[2];
  return user === 'me' || user === token.userId;
};

/** What Meta's posts page says it refuses of a container beyond the parameters themselves; null when Threads would make it. */
function problemWith(state: ThreadsFakeState, p: Record<string, string>): string | null {
  if (p.media_type === 'TEXT' && !p.text) return 'Param text is required for media_type=TEXT';
  if (p.media_type === 'IMAGE' && !/^https?:\/\//.test(p.image_url ?? '')) return 'Param image_url is required for media_type=IMAGE';
  if (p.media_type === 'VIDEO' && !/^https?:\/\//.test(p.video_url ?? '')) return 'Param video_url is required for media_type=VIDEO';
  if (p.alt_text !== undefined && p.media_type !== 'IMAGE' && p.media_type !== 'VIDEO') return 'Param alt_text is only for images and videos';
  if (p.text !== undefined && threadsLength(p.text) > TEXT_LIMIT) return `Param text must be at most ${TEXT_LIMIT} characters long.`;
  if (p.reply_to_id !== undefined && !state.posts.some((post) => post.id === p.reply_to_id))
    return `Param reply_to_id ${p.reply_to_id} is not a published Threads post`;
  if (p.media_type === 'CAROUSEL') {
    const children = (p.children ?? '').split(',').filter((id) => id.length > 0);
    if (children.length < 2 || children.length > 20) return 'A carousel needs between 2 and 20 children';
    const items = children.map((id) => state.containers.get(id));
    if (items.some((c) => !(c?.params.is_carousel_item === 'true' && c.status === 'FINISHED'))) return 'Every child must be a FINISHED carousel item';
  }
  return null;
}

/** `POST /v1.0/me/threads` (threads.container.create): a container, IN_PROGRESS for video (and images when told), FINISHED otherwise. */
export function createContainer(call: ThreadsCall) {
  const token = userOf(call);
  if (!token) return;
  const { access_token: _token, ...params } = Object.fromEntries(call.form());
  // Replying is a permission of its own (docs/platforms.md, Threads: the authorize URL's scopes).
  if (params.reply_to_id !== undefined && !token.scopes.includes('threads_manage_replies'))
    return call.send(refused({ status: 403, code: THREADS_PERMISSION_CODE, message: '(#10) Replying needs the threads_manage_replies permission' }));
  const problem = pathUserIsToken(call, token) ? problemWith(call.state, params) : 'Cannot post for another user';
  if (problem) return call.send(badParameter(problem));
  const id = call.state.nextId();
  const status: ContainerState = params.media_type === 'VIDEO' ? 'IN_PROGRESS' : params.media_type === 'IMAGE' ? call.state.imageStartsAs : 'FINISHED';
  call.state.containers.set(id, { id, userId: token.userId, params, status, errorMessage: null });
  call.answer(200, { id });
}

/** `POST /v1.0/me/threads_publish?creation_id=…` (threads.publish): only a FINISHED container, and only once. */
export function publishContainer(call: ThreadsCall) {
  const token = userOf(call);
  if (!token) return;
  const { state } = call;
  const creationId = call.form().get('creation_id') ?? '';
  const container = state.containers.get(creationId);
  if (!container || container.userId !== token.userId) return call.send(badParameter(`Param creation_id ${creationId} is not a container of this user`));
  if (container.status === 'PUBLISHED') return call.send(badParameter('The media container has already been published'));
  if (container.status !== 'FINISHED') return call.send(badParameter(`The media container is not ready to be published (${container.status})`));
  container.status = 'PUBLISHED';
  const id = state.nextId();
  const permalink = `https://www.threads.net/@${state.user.username}/post/C${id}`;
  state.posts.push({ id, userId: token.userId, containerId: container.id, params: container.params, permalink, createdAt: state.now() });
  state.afterPublish();
  call.answer(200, { id });
}

/** `GET /v1.0/{id}?fields=…` (threads.media): a container's status, or a published post's fields; `id` always. */
export function readMedia(call: ThreadsCall) {
  const token = userOf(call);
  if (!token) return;
  const { state } = call;
  const id = call.url.pathname.split('/')[2] ?? '';
  const fields = (call.url.searchParams.get('fields') ?? 'id').split(',');
  const container = state.containers.get(id);
  const post = state.posts.find((p) => p.id === id);
  const all: Record<string, unknown> | null =
    container && container.userId === token.userId
      ? { status: container.status, error_message: container.errorMessage ?? undefined }
      : post
        ? { permalink: post.permalink, text: post.params.text }
        : null;
  if (all === null) {
    const message = `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`;
    return call.send(badParameter(message));
  }
  call.answer(200, { ...Object.fromEntries(fields.filter((f) => all[f] !== undefined).map((f) => [f, all[f]])), id });
}
