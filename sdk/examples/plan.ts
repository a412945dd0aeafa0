// README's "Plan a week", through the SDK: a posting schedule, three queued posts, the calendar.
// DISPATCH_API_KEY=dsk_… npx tsx examples/plan.ts
import { createDispatch } from '@dispatch/sdk';

const dispatch = createDispatch({ baseUrl: process.env.DISPATCH_URL ?? 'http://localhost:3000', token: process.env.DISPATCH_API_KEY });
const { data: workspaces } = await dispatch.GET('/v1/me/workspaces');
const workspaceId = workspaces.data[0]!.id;
const { data: connections } = await dispatch.GET('/v1/workspaces/{workspaceId}/connections', { params: { path: { workspaceId } } });
const id = connections.data.find((c) => c.sandbox && c.platform === 'BLUESKY')!.id;
const days = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const slots = days.flatMap((day) => ['09:00', '17:30'].map((time) => ({ day, time })));
await dispatch.PUT('/v1/workspaces/{workspaceId}/connections/{id}/schedule', {
  params: { path: { workspaceId, id } },
  body: { timeZone: 'Europe/Berlin', slots },
});
for (const text of ['Good morning', 'A link worth reading', 'What we shipped this week']) {
  const { data: post } = await dispatch.POST('/v1/workspaces/{workspaceId}/posts', {
    params: { path: { workspaceId } },
    body: {
      groups: [{ id: 'main', isDefault: true, segments: [{ text, media: [] }] }],
      targets: [{ connectionId: id, groupId: 'main', scheduledAt: null, queue: true, settings: { platform: 'BLUESKY', values: {} } }],
      intent: 'schedule',
    },
  });
  console.log(`queued  ${post.targets[0]!.scheduledAt}  ${post.id}`);
}
const from = new Date().toISOString();
const to = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
// The account's slots this week: the first three are held by the three posts
const { data: week } = await dispatch.GET('/v1/workspaces/{workspaceId}/connections/{id}/slots', {
  params: { path: { workspaceId, id }, query: { from, to } },
});
for (const s of week.data.slice(0, 4)) console.log(`slot    ${s.at}  ${s.postId ?? 'free'}`);
// The calendar: what goes out on that account this week, soonest first
const query = { from, to, connectionId: id, status: 'scheduled', sort: 'scheduledAt' } as const;
const { data: calendar } = await dispatch.GET('/v1/workspaces/{workspaceId}/posts', { params: { path: { workspaceId }, query } });
for (const p of calendar.data) console.log(`planned ${p.targets[0]!.scheduledAt}  ${p.groups[0]!.segments[0]!.text}`);
