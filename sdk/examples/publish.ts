// README's "Publish to the three sandbox accounts", through the SDK:
// DISPATCH_API_KEY=dsk_… npx tsx examples/publish.ts
import { createDispatch, type Schemas } from '@dispatch/sdk';

const dispatch = createDispatch({ baseUrl: process.env.DISPATCH_URL ?? 'http://localhost:3000', token: process.env.DISPATCH_API_KEY });
const { data: workspaces } = await dispatch.GET('/v1/me/workspaces');
const workspaceId = workspaces.data[0]!.id;
const { data: connections } = await dispatch.GET('/v1/workspaces/{workspaceId}/connections', { params: { path: { workspaceId } } });
// One target per sandbox account, each with its platform's settings
const settings: Partial<Record<Schemas['Platform'], Schemas['TargetSettings']>> = {
  BLUESKY: { platform: 'BLUESKY', values: {} },
  TWITTER: { platform: 'TWITTER', values: { replyRestriction: 'everyone' } },
  LINKEDIN: { platform: 'LINKEDIN', values: { visibility: 'PUBLIC' } },
};
const targets = connections.data
  .filter((c) => c.sandbox && settings[c.platform] !== undefined)
  .map((c) => ({ connectionId: c.id, groupId: 'main', scheduledAt: null, settings: settings[c.platform]! }));
const segments = ['Hello from Dispatch', 'A second segment: a reply on Bluesky and Twitter, a comment on LinkedIn'].map((text) => ({ text, media: [] }));
const { data: post } = await dispatch.POST('/v1/workspaces/{workspaceId}/posts', {
  params: { path: { workspaceId } },
  body: { groups: [{ id: 'main', isDefault: true, segments }], targets, intent: 'publish_now' },
});
await new Promise((resolve) => setTimeout(resolve, 3000)); // the worker publishes within a second or so
const { data: published } = await dispatch.GET('/v1/workspaces/{workspaceId}/posts/{id}/targets', { params: { path: { workspaceId, id: post.id } } });
console.log(published.map((t) => `${t.status}  ${t.platformPostUrl}`).join('\n'));
