import { type ServerResponse } from 'node:http';
import { invalidParameter, sendJson } from './threadsFakeAnswers';
import { type ContainerState, type FakeThreadsToken, type ThreadsFakeState } from './threadsFakeState';

type Params = Record<string, string>;

const MEDIA_TYPES = ['TEXT', 'IMAGE', 'VIDEO', 'CAROUSEL'];
const REPLY_CONTROLS = ['everyone', 'accounts_you_follow', 'mentioned_only', 'parent_post_author_only', 'followers_only'];
const TEXT_LIMIT = 500;

/** Why Meta would refuse these container parameters, or null. */
function problemWith(state: ThreadsFakeState, token: FakeThreadsToken, p: Params): string | null {
  if (!MEDIA_TYPES.includes(p.media_type ?? '')) return 'Param media_type must be one of {TEXT, IMAGE, VIDEO, CAROUSEL}';
  if (p.media_type === 'TEXT' && !p.text) return 'Param text is required for media_type=TEXT';
  if (p.media_type === 'IMAGE' && !/^https?:\/\//.test(p.image_url ?? '')) return 'Param image_url is required for media_type=IMAGE';
  if (p.media_type === 'VIDEO' && !/^https?:\/\//.test(p.video_url ?? '')) return 'Param video_url is required for media_type=VIDEO';
  if (p.alt_text !== undefined && p.media_type !== 'IMAGE' && p.media_type !== 'VIDEO') return 'Param alt_text is only for images and videos';
  if (p.text !== undefined && [...p.text].length > TEXT_LIMIT) return `Param text must be at most ${TEXT_LIMIT} characters long.`;
  if (p.reply_control !== undefined && !REPLY_CONTROLS.includes(p.reply_control)) return `Param reply_control must be one of {${REPLY_CONTROLS.join(', ')}}`;
  if (p.reply_to_id !== undefined) {
    if (!token.scopes.includes('threads_manage_replies')) return 'Replying requires the threads_manage_replies permission';
    if (!state.posts.some((post) => post.id === p.reply_to_id)) return `Param reply_to_id ${p.reply_to_id} is not a published Threads post`;
  }
  if (p.media_type === 'CAROUSEL') {
    const children = (p.children ?? '').split(',').filter((id) => id.length > 0);
    if (children.length < 2 || children.length > 20) return 'A carousel needs between 2 and 20 children';
    const items = children.map((id) => state.containers.get(id));
    if (items.some((c) => !c || c.params.is_carousel_item !== 'true' || c.status !== 'FINISHED')) return 'Every child must be a FINISHED carousel item';
  }
  return null;
}

/** `POST /v1.0/me/threads`: a container, IN_PROGRESS for video (and images when told), FINISHED otherwise. */
export function createContainer(state: ThreadsFakeState, token: FakeThreadsToken, params: Params, response: ServerResponse) {
  if (!token.scopes.includes('threads_content_publish')) return invalidParameter(response, 'Publishing requires the threads_content_publish permission');
  const problem = problemWith(state, token, params);
  if (problem) return invalidParameter(response, problem);
  const id = state.next();
  const { access_token: _token, ...kept } = params;
  const status: ContainerState = params.media_type === 'VIDEO' ? 'IN_PROGRESS' : params.media_type === 'IMAGE' ? state.imageStartsAs : 'FINISHED';
  state.containers.set(id, { id, userId: token.userId, params: kept, status, errorMessage: null });
  sendJson(response, 200, { id });
}

/** `POST /v1.0/me/threads_publish?creation_id=…`: only a FINISHED container, and only once. */
export function publishContainer(state: ThreadsFakeState, token: FakeThreadsToken, params: Params, response: ServerResponse) {
  if (!token.scopes.includes('threads_content_publish')) return invalidParameter(response, 'Publishing requires the threads_content_publish permission');
  const container = state.containers.get(params.creation_id ?? '');
  if (!container || container.userId !== token.userId)
    return invalidParameter(response, `Param creation_id ${params.creation_id} is not a container of this user`);
  if (container.status === 'PUBLISHED') return invalidParameter(response, 'The media container has already been published');
  if (container.status !== 'FINISHED') return invalidParameter(response, `The media container is not ready to be published (${container.status})`);
  container.status = 'PUBLISHED';
  const id = state.next();
  const permalink = `https://www.threads.net/@${state.user.username}/post/C${id}`;
  state.posts.push({ id, containerId: container.id, params: container.params, permalink });
  sendJson(response, 200, { id });
}

/** `GET /v1.0/{id}?fields=…`: a container's status, or a published post's permalink. */
export function readObject(state: ThreadsFakeState, token: FakeThreadsToken, id: string, params: Params, response: ServerResponse) {
  const fields = (params.fields ?? 'id').split(',');
  const container = state.containers.get(id);
  if (container && container.userId === token.userId) {
    const all: Record<string, unknown> = { id, status: container.status, error_message: container.errorMessage ?? undefined };
    return sendJson(
      response,
      200,
      Object.fromEntries(
        fields
          .filter((f) => f in all)
          .map((f) => [f, all[f]])
          .concat([['id', id]]),
      ),
    );
  }
  const post = state.posts.find((p) => p.id === id);
  if (post) {
    const all: Record<string, unknown> = { id, permalink: post.permalink, text: post.params.text, media_type: post.params.media_type };
    return sendJson(
      response,
      200,
      Object.fromEntries(
        fields
          .filter((f) => f in all)
          .map((f) => [f, all[f]])
          .concat([['id', id]]),
      ),
    );
  }
  invalidParameter(
    response,
    `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
  );
}
