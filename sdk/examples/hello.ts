// The example of sdk/README.md and of the main README: a post published now to the sandbox Bluesky account.
// DISPATCH_API_KEY=dsk_… npx tsx examples/hello.ts
import { createDispatch } from '@dispatch/sdk';

const dispatch = createDispatch({ baseUrl: process.env.DISPATCH_URL ?? 'http://localhost:3000', token: process.env.DISPATCH_API_KEY });
const workspaceId = (await dispatch.GET('/v1/me/workspaces')).data.data[0]!.id;
const { data: connections } = await dispatch.GET('/v1/workspaces/{workspaceId}/connections', { params: { path: { workspaceId } } });
const bluesky = connections.data.find((c) => c.sandbox && c.platform === 'BLUESKY')!;
const { data: post } = await dispatch.POST('/v1/workspaces/{workspaceId}/posts', {
  params: { path: { workspaceId } },
  body: {
    groups: [{ id: 'main', isDefault: true, segments: [{ text: 'Hello from TypeScript', media: [] }] }],
    targets: [{ connectionId: bluesky.id, groupId: 'main', scheduledAt: null, settings: { platform: 'BLUESKY', values: {} } }],
    intent: 'publish_now',
  },
}); // a 422 throws a DispatchError: error.code 'invalid_post', error.details by path
console.log(post.id, post.status);
