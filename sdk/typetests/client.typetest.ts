// Compile-time checks of the SDK's types (sdk/tsconfig.json includes this folder; nothing runs it):
// each @ts-expect-error must meet an error, or tsc fails.
import { createDispatch, type DispatchError, type Schemas, type WebhookEvent } from '@dispatch/sdk';

const dispatch = createDispatch({ baseUrl: 'http://localhost:3000', token: async () => 'dsk_…' });
const path = { workspaceId: 'ws', id: 'post' };

export async function checks(): Promise<void> {
  // A success's data is the operation's JSON, never undefined.
  const { data: post, response } = await dispatch.GET('/v1/workspaces/{workspaceId}/posts/{id}', { params: { path } });
  const status: Schemas['PostStatus'] = post.status;
  const ok: boolean = response.ok;
  void [status, ok];

  // @ts-expect-error a path the API does not have
  await dispatch.GET('/v1/workspaces/{workspaceId}/nothing', { params: { path } });
  // @ts-expect-error a path parameter is missing
  await dispatch.GET('/v1/workspaces/{workspaceId}/posts/{id}', { params: { path: { workspaceId: 'ws' } } });
  // @ts-expect-error GET has no such operation on this path
  await dispatch.GET('/v1/workspaces/{workspaceId}/posts/{id}/publish', { params: { path } });
  // @ts-expect-error an intent the API does not know
  await dispatch.POST('/v1/workspaces/{workspaceId}/posts', { params: { path }, body: { groups: [], targets: [], intent: 'later' } });
  // @ts-expect-error a body is required
  await dispatch.POST('/v1/workspaces/{workspaceId}/posts', { params: { path } });

  // The caller's Idempotency-Key is a typed header parameter of every POST that honours one.
  await dispatch.POST('/v1/workspaces/{workspaceId}/posts/{id}/publish', { params: { path, header: { 'Idempotency-Key': 'mine' } } });

  // An answer without a body (204) is fine to await.
  await dispatch.DELETE('/v1/workspaces/{workspaceId}/webhooks/{webhookId}', { params: { path: { workspaceId: 'ws', webhookId: 'hook' } } });

  // The raw client returns the error body typed instead of throwing.
  const raw = await dispatch.raw.GET('/v1/workspaces/{workspaceId}/posts/{id}', { params: { path } });
  if (raw.error !== undefined) {
    const code: string = raw.error.error.code;
    void code;
  }
}

export function events(event: WebhookEvent, error: DispatchError): string {
  const detail = error.details[0]?.path ?? error.code;
  switch (event.type) {
    case 'target.failed':
      return `${event.data.target.id} ${event.data.retryable} ${detail}`;
    case 'webhook.test':
      return event.data.message;
    case 'post.published':
      return event.data.post.status;
    default:
      return event.type;
  }
}
