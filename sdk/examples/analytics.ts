// README's "What your posts did: analytics on the sandbox", through the SDK.
// DISPATCH_API_KEY=dsk_… npx tsx examples/analytics.ts
import { createDispatch } from '@dispatch/sdk';

const dispatch = createDispatch({ baseUrl: process.env.DISPATCH_URL ?? 'http://localhost:3000', token: process.env.DISPATCH_API_KEY });
const { data: workspaces } = await dispatch.GET('/v1/me/workspaces');
const workspaceId = workspaces.data[0]!.id;
const { data: posts } = await dispatch.GET('/v1/workspaces/{workspaceId}/posts', {
  params: { path: { workspaceId }, query: { status: 'published', limit: '1' } },
});
const post = { params: { path: { workspaceId, id: posts.data[0]!.id } } };
await dispatch.POST('/v1/workspaces/{workspaceId}/posts/{id}/metrics/refresh', post); // read it now
await new Promise((resolve) => setTimeout(resolve, 12_000)); // the workers' next round (every 10 s)
const { data: metrics } = await dispatch.GET('/v1/workspaces/{workspaceId}/posts/{id}/metrics', post);
for (const { platform, counts } of metrics.data) {
  console.log(`${platform.padEnd(9)} views ${counts?.views ?? null}  likes ${counts?.likes ?? null}  reposts ${counts?.reposts ?? null}`);
}
const from = new Date(Date.now() - 30 * 24 * 3600_000).toISOString();
const to = new Date(Date.now() + 60_000).toISOString();
const { data: month } = await dispatch.GET('/v1/workspaces/{workspaceId}/analytics', {
  params: { path: { workspaceId }, query: { from, to, groupBy: 'platform' } },
});
console.log(`month     ${month.overall.posts} posts, views ${month.overall.sums.views}`);
for (const g of month.data) console.log(`${g.key.padEnd(9)} views ${g.sums.views}`);
