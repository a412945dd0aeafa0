import fs from 'node:fs';
import { type Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { TOKENS } from '../../../config/tokens';
import { everyPlatformFiles } from '../../support/mediaFiles';
import { LocalHttpServer } from '../../support/localHttpServer';
import { eventually } from '../../support/workerProcess';
import { AGENT_CLIENT, AGENT_SCOPES, McpKit, refusal, structured } from './mcpKit';

type Target = {
  id: string;
  status: string;
  scheduledAt: string | null;
  postedAt: string | null;
  platformPostUrl: string | null;
  settings: { platform: string; values: Record<string, unknown> };
};
type PostJson = { id: string; status: string; targets: Target[]; groups: { segments: { text: string }[] }[] };

const thread = (texts: string[], extra: Record<string, unknown> = {}) => ({
  groups: [{ id: 'main', isDefault: true, segments: texts.map((text) => ({ text, media: [] })) }],
  ...extra,
});

/**
 * Every tool end to end (docs/agents.md): the SDK's MCP client over Streamable HTTP with a token
 * from openid-client's device flow for resource BASE_URL/mcp, against the service on 127.0.0.1
 * with its publishing worker, posting to sandbox accounts whose pages the published targets link.
 */
describe('MCP server: every tool on the sandbox, with a device-flow token for the MCP resource', function () {
  this.timeout(60_000);
  let kit: McpKit;
  let mcp: Client;
  let accessToken: string;
  let files: LocalHttpServer;
  const call = (name: string, args: Record<string, unknown> = {}) => mcp.callTool({ name, arguments: args }) as Promise<CallToolResult>;
  const post = async (id: string) => structured<PostJson>(await call('get_post', { postId: id }));
  const settled = async (id: string): Promise<PostJson> => {
    let read: PostJson | undefined;
    const done = async () => {
      read = await post(id);
      return !['scheduled', 'publishing'].includes(read.status);
    };
    await eventually(done, 20_000, `post ${id} settled`);
    return read!;
  };

  before(async function () {
    kit = await McpKit.start(this, { worker: true, env: { OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'true' } });
    const photo = fs.readFileSync((await everyPlatformFiles()).photo);
    files = await LocalHttpServer.start('127.0.0.1', (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': photo.length });
      response.end(photo);
    });
    accessToken = (await kit.deviceTokens(AGENT_SCOPES)).access_token;
    mcp = await kit.connect(accessToken);
  });
  after(async () => {
    await kit?.stop();
    await files?.stop();
  });

  it('the token is for the MCP resource, and the server speaks the current protocol version', () => {
    expect(decodeJwt(accessToken)).to.include({ aud: kit.mcpUrl, iss: kit.baseUrl, client_id: AGENT_CLIENT, workspace_id: kit.ws });
    expect(mcp.getServerVersion()).to.include({ name: 'dispatch' });
    expect(mcp.getServerCapabilities()).to.have.keys('tools', 'resources', 'prompts');
  });

  it('list_workspaces: only the workspace the token is bound to, with the role', async () => {
    const { data } = structured<{ data: { id: string; name: string; role: string }[] }>(await call('list_workspaces'));
    expect(data.map((w) => [w.id, w.name, w.role])).to.deep.equal([[kit.ws, 'Main', 'owner']]);
  });

  it('list_connections: the sandbox accounts with their health, and a summary naming them', async () => {
    const result = await call('list_connections', { workspaceId: kit.ws });
    const { data, total } = structured<{
      data: { id: string; platform: string; status: string; statusReason: string | null; sandbox: boolean }[];
      total: number;
    }>(result);
    expect(total).to.equal(2);
    expect(data.map((c) => [c.id, c.platform, c.status, c.statusReason, c.sandbox])).to.have.deep.members([
      [kit.conn.BLUESKY, 'BLUESKY', 'active', null, true],
      [kit.conn.TWITTER, 'TWITTER', 'active', null, true],
    ]);
    expect((result.content[0] as { text: string }).text)
      .to.match(/^2 of 2 connection\(s\):/)
      .and.include('BLUESKY sandbox-bluesky');
  });

  let draftId: string;
  let draftTag: string;

  it('create_post: a draft whose settings were left out gets the documented defaults', async () => {
    const result = await call('create_post', { ...thread(['A draft']), targets: [{ connectionId: kit.conn.TWITTER, groupId: 'main', scheduledAt: null }] });
    const created = structured<PostJson>(result);
    expect(created.status).to.equal('draft');
    expect(created.targets[0]!.settings).to.deep.equal({ platform: 'TWITTER', values: { replyRestriction: 'everyone' } });
    draftId = created.id;
    draftTag = /ETag ("\d+")/.exec((result.content[0] as { text: string }).text)![1]!;
  });

  it('update_post: replaces the post if it is still at the ETag given, else precondition_failed', async () => {
    const body = {
      ...thread(['A draft, edited']),
      targets: [
        { connectionId: kit.conn.TWITTER, groupId: 'main', scheduledAt: null, settings: { platform: 'TWITTER', values: { replyRestriction: 'following' } } },
      ],
    };
    const updated = structured<PostJson>(await call('update_post', { postId: draftId, ifMatch: draftTag, ...body }));
    expect(updated.groups[0]!.segments[0]!.text).to.equal('A draft, edited');
    expect(updated.targets[0]!.settings.values).to.deep.equal({ replyRestriction: 'following' });
    expect(refusal(await call('update_post', { postId: draftId, ifMatch: draftTag, ...body })).code).to.equal('precondition_failed');
  });

  it('publish_post: the draft is published on the sandbox, and its target links to its sandbox page', async () => {
    expect(structured<PostJson>(await call('publish_post', { postId: draftId })).status).to.equal('publishing');
    const published = await settled(draftId);
    expect(published.status).to.equal('published');
    const url = published.targets[0]!.platformPostUrl!;
    expect(new URL(url).pathname).to.match(/^\/sandbox\/posts\/[0-9A-Z]{26}$/);
    const page = await fetch(url);
    expect(page.status).to.equal(200);
    expect(await page.text()).to.include('A draft, edited');
  });

  let threadId: string;

  it('create_post publish_now: a thread to both accounts, published, each page showing it', async () => {
    const targets = [kit.conn.BLUESKY, kit.conn.TWITTER].map((connectionId) => ({ connectionId, groupId: 'main', scheduledAt: null }));
    const created = structured<PostJson>(await call('create_post', { ...thread(['First of two', 'Second of two']), targets, intent: 'publish_now' }));
    threadId = created.id;
    const published = await settled(threadId);
    expect(published.status).to.equal('published');
    for (const target of published.targets) {
      expect(target.status).to.equal('published');
      const html = await (await fetch(target.platformPostUrl!)).text();
      expect(html.indexOf('First of two')).to.be.greaterThan(0).and.lessThan(html.indexOf('Second of two'));
    }
  });

  it('create_post queued: the next free slot of the posting schedule, shown with its time by get_post and the calendar', async () => {
    // A slot every other hour of every day (84 of the 100 a schedule holds): the next one is within two hours, whenever the test runs.
    const slots = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].flatMap((day) =>
      Array.from({ length: 12 }, (_, h) => ({ day, time: `${String(2 * h).padStart(2, '0')}:30` })),
    );
    await kit.t.composition.get(TOKENS.PostingSchedules).replace(kit.ws, kit.conn.BLUESKY, { timeZone: 'UTC', slots });
    const before = Date.now();
    const target = { connectionId: kit.conn.BLUESKY, groupId: 'main', scheduledAt: null, queue: true };
    const queued = structured<PostJson>(await call('create_post', { ...thread(['Queued for the next slot']), targets: [target], intent: 'schedule' }));
    expect(queued.status).to.equal('scheduled');
    const at = new Date(queued.targets[0]!.scheduledAt!);
    expect(at.getTime())
      .to.be.greaterThan(before)
      .and.at.most(before + 7_200_000);
    expect([at.getUTCMinutes(), at.getUTCSeconds()]).to.deep.equal([30, 0]);
    expect((await post(queued.id)).targets[0]!.scheduledAt).to.equal(at.toISOString());

    const calendar = structured<{ data: PostJson[]; total: number }>(
      await call('list_posts', {
        from: new Date(before).toISOString(),
        to: new Date(before + 3 * 3_600_000).toISOString(),
        platform: 'BLUESKY',
        sort: 'scheduledAt',
      }),
    );
    expect(calendar.data.map((p) => p.id)).to.include(queued.id);
    const scheduled = structured<{ data: PostJson[] }>(await call('list_posts', { status: 'scheduled', limit: 5 }));
    expect(scheduled.data.map((p) => [p.id, p.targets[0]!.scheduledAt])).to.deep.include([queued.id, at.toISOString()]);
    expect(refusal(await call('list_posts', { status: 'sometime' })).code).to.equal('invalid_query');
  });

  it('list_target_attempts: the sandbox calls of a published target', async () => {
    const published = await post(threadId);
    const { data } = structured<{ data: { outcome: string; segmentIndex: number }[] }>(
      await call('list_target_attempts', { postId: threadId, targetId: published.targets[0]!.id }),
    );
    expect(data.map((a) => [a.segmentIndex, a.outcome])).to.deep.equal([
      [0, 'published'],
      [1, 'published'],
    ]);
  });

  it('retry_target: a target the sandbox rejected is tried again (and rejected again: one more attempt)', async () => {
    const targets = [{ connectionId: kit.conn.TWITTER, groupId: 'main', scheduledAt: null }];
    const created = structured<PostJson>(await call('create_post', { ...thread(['Please fail [sandbox:reject]']), targets, intent: 'publish_now' }));
    const failed = await settled(created.id);
    expect(failed.status).to.equal('failed');
    const targetId = failed.targets[0]!.id;
    const retried = structured<{ id: string; status: string }>(await call('retry_target', { postId: created.id, targetId }));
    expect(retried).to.include({ id: targetId, status: 'pending' });
    await settled(created.id);
    const { data } = structured<{ data: { outcome: string }[] }>(await call('list_target_attempts', { postId: created.id, targetId }));
    expect(data.map((a) => a.outcome)).to.deep.equal(['rejected', 'rejected']);
    expect(refusal(await call('retry_target', { postId: threadId, targetId: (await post(threadId)).targets[0]!.id })).code).to.equal('target_not_failed');
  });

  it('review_post: a post submitted for review is approved by another member, another sent back with a comment', async () => {
    const targets = [{ connectionId: kit.conn.BLUESKY, groupId: 'main', scheduledAt: null }];
    const submit = async (text: string) =>
      structured<PostJson>(await call('create_post', { ...thread([text]), targets, intent: 'publish_now', submitForReview: true }));
    const [first, second] = [await submit('Please review me'), await submit('Please review me too')];
    expect([first.status, second.status]).to.deep.equal(['pending_review', 'pending_review']);
    expect(refusal(await call('review_post', { postId: first.id, decision: 'approved' })).code).to.equal('own_post_review');

    await kit.t.given.user('reviewer@example.com');
    await kit.t.given.member(kit.ws, 'reviewer@example.com', 'editor');
    const reviewer = await kit.connect((await kit.t.given.apiKey(kit.ws, 'reviewer@example.com', 'editor')).key);
    const review = (args: Record<string, unknown>) => reviewer.callTool({ name: 'review_post', arguments: args }) as Promise<CallToolResult>;
    const approved = structured<{ review: { decision: string }; post: PostJson }>(await review({ postId: first.id, decision: 'approved' }));
    expect(approved.review.decision).to.equal('approved');
    expect(approved.post.status).to.be.oneOf(['publishing', 'published']);
    expect(refusal(await review({ postId: second.id, decision: 'changes_requested' }))).to.deep.include({ code: 'invalid_body' });
    const sentBack = structured<{ review: { decision: string; comment: string }; post: PostJson }>(
      await review({ postId: second.id, decision: 'changes_requested', comment: 'Shorter, please' }),
    );
    expect([sentBack.review.decision, sentBack.review.comment, sentBack.post.status]).to.deep.equal([
      'changes_requested',
      'Shorter, please',
      'changes_requested',
    ]);
  });

  it('import_media: waits until the item is ready; get_media reads it; a ready item goes into a post', async () => {
    const url = files.url('/pictures/square.jpg');
    const result = await call('import_media', { url });
    const item = structured<{ id: string; status: string; kind: string; sourceUrl: string; url: string | null }>(result);
    expect(item).to.include({ status: 'ready', kind: 'image', sourceUrl: url });
    expect(item.url).to.be.a('string');
    expect((result.content[0] as { text: string }).text).to.match(/^Ready: media /);
    expect(structured<{ id: string; status: string }>(await call('get_media', { mediaId: item.id }))).to.include({ id: item.id, status: 'ready' });

    const groups = [{ id: 'main', isDefault: true, segments: [{ text: 'With a picture', media: [{ id: item.id, altText: 'a square' }] }] }];
    const withMedia = structured<PostJson>(
      await call('create_post', { groups, targets: [{ connectionId: kit.conn.BLUESKY, groupId: 'main', scheduledAt: null }], intent: 'publish_now' }),
    );
    expect((await settled(withMedia.id)).status).to.equal('published');

    const failed = await call('import_media', { url: 'ftp://example.com/x.png' });
    expect(refusal(failed)).to.deep.include({ code: 'invalid_url' });
  });

  it("get_post_metrics: the published post's figures per target, once the workers collected them", async () => {
    // What the worker's figures loop does on its round (docs/analytics.md), asked now rather than in 10 s.
    await kit.t.composition.get(TOKENS.PostFigures).refresh(kit.ws, threadId);
    await kit.t.composition.get(TOKENS.CollectFigures).run('mcp-test');
    const result = await call('get_post_metrics', { postId: threadId });
    const { data } = structured<{ data: { targetId: string; platform: string; counts: { views: number } | null; collectedAt: string | null }[] }>(result);
    const published = await post(threadId);
    expect(data.map((row) => row.targetId)).to.have.members(published.targets.map((t) => t.id));
    for (const row of data) expect(row.collectedAt, JSON.stringify(row)).to.be.a('string');
    expect((result.content[0] as { text: string }).text).to.match(/^Figures of 2 published target\(s\):/);
  });

  it('resources: a post and a connection by their dispatch:// URIs, the API JSON; an unknown post is not found', async () => {
    const { resourceTemplates } = await mcp.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).to.deep.equal([
      'dispatch://workspaces/{workspaceId}/posts/{postId}',
      'dispatch://workspaces/{workspaceId}/connections/{connectionId}',
    ]);
    const read = await mcp.readResource({ uri: `dispatch://workspaces/${kit.ws}/posts/${threadId}` });
    expect(read.contents[0]).to.include({ mimeType: 'application/json' });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).to.deep.equal(await post(threadId));
    const connection = await mcp.readResource({ uri: `dispatch://workspaces/${kit.ws}/connections/${kit.conn.TWITTER}` });
    expect(JSON.parse((connection.contents[0] as { text: string }).text)).to.include({ id: kit.conn.TWITTER, platform: 'TWITTER', status: 'active' });
    const missing = await mcp.readResource({ uri: `dispatch://workspaces/${kit.ws}/posts/01NOSUCHPOST0000000000000` }).catch((error: unknown) => error);
    expect(missing).to.include({ code: -32002 });
    const elsewhere = await mcp.readResource({ uri: `dispatch://workspaces/${kit.sideWs}/posts/${threadId}` }).catch((error: unknown) => error);
    expect(String((elsewhere as Error).message)).to.include('workspace_not_allowed');
  });

  it("prompt draft_thread: states each platform's limits from the descriptors", async () => {
    const { prompts } = await mcp.listPrompts();
    expect(prompts.map((p) => p.name)).to.deep.equal(['draft_thread']);
    const prompt = await mcp.getPrompt({ name: 'draft_thread', arguments: { platforms: 'bluesky, TWITTER', topic: 'our launch' } });
    const text = (prompt.messages[0]!.content as { text: string }).text;
    expect(text).to.include('our launch');
    expect(text)
      .to.match(/Bluesky \(BLUESKY\): at most 300 characters/)
      .and.match(/\(TWITTER\): at most 280 /);
    expect(text).to.include('a reply to the one before');
    const unknown = await mcp.getPrompt({ name: 'draft_thread', arguments: { platforms: 'MYSPACE', topic: 'x' } }).catch((error: unknown) => error);
    expect(String((unknown as Error).message)).to.include('MYSPACE');
  });
});
