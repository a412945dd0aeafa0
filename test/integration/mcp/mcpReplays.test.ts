import { type Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import { type WritePosts } from '../../../application/posts/WritePosts';
import { TOKENS } from '../../../config/tokens';
import { AGENT_SCOPES, McpKit, refusal, structured } from './mcpKit';

type PostJson = { id: string; status: string };

const draft = (text: string, connectionId: string) => ({
  groups: [{ id: 'main', isDefault: true, segments: [{ text, media: [] }] }],
  targets: [{ connectionId, groupId: 'main', scheduledAt: null }],
});

/**
 * Nothing posted twice through an agent either (docs/agents.md): a writing tool called again with
 * the same idempotencyKey answers its first answer instead of acting again, as the API's
 * Idempotency-Key does; the key with other arguments is refused.
 */
describe('MCP server: writing tools run once per idempotencyKey', function () {
  this.timeout(60_000);
  let kit: McpKit;
  let mcp: Client;
  const call = (name: string, args: Record<string, unknown>) => mcp.callTool({ name, arguments: args }) as Promise<CallToolResult>;
  const postCount = async () => structured<{ total: number }>(await call('list_posts', { limit: 1 })).total;

  before(async function () {
    kit = await McpKit.start(this, { worker: false });
    mcp = await kit.connect((await kit.deviceTokens(AGENT_SCOPES)).access_token);
  });
  after(async () => kit?.stop());

  it('lists idempotencyKey among the arguments of the tools that write, and not of those that read or replace', async () => {
    const { tools } = await mcp.listTools();
    const taking = tools.filter((t) => 'idempotencyKey' in (t.inputSchema.properties ?? {})).map((t) => t.name);
    expect(taking).to.include.members(['create_post', 'publish_post', 'retry_target', 'review_post', 'import_media']);
    expect(taking).to.not.include.members(['get_post', 'list_posts', 'update_post']);
  });

  it('create_post retried with the same key gives the same post, and makes one', async () => {
    const before = await postCount();
    const args = { ...draft('Once only', kit.conn.TWITTER), idempotencyKey: 'c0ffee-1' };
    const first = structured<PostJson>(await call('create_post', args));
    const again = structured<PostJson>(await call('create_post', args));
    expect(again.id).to.equal(first.id);
    expect(await postCount()).to.equal(before + 1);
  });

  it('the same key with other arguments is refused, and nothing is made', async () => {
    await call('create_post', { ...draft('First use', kit.conn.TWITTER), idempotencyKey: 'c0ffee-2' });
    const before = await postCount();
    const reused = await call('create_post', { ...draft('Other text', kit.conn.TWITTER), idempotencyKey: 'c0ffee-2' });
    expect(reused.isError).to.equal(true);
    expect(refusal(reused).code).to.equal('idempotency_key_reused');
    expect(await postCount()).to.equal(before);
  });

  it('a refusal is kept too: the retry answers the same refusal', async () => {
    const args = { ...draft('', kit.conn.TWITTER), idempotencyKey: 'c0ffee-3' };
    const first = await call('create_post', args);
    expect(first.isError).to.equal(true);
    expect(await call('create_post', args)).to.deep.equal(first);
  });

  it('a key that is not 1 to 255 printable characters is refused', async () => {
    const refused = await call('create_post', { ...draft('Bad key', kit.conn.TWITTER), idempotencyKey: 'é' });
    expect(refusal(refused).code).to.equal('invalid_idempotency_key');
  });

  it('a call that failed after making its post is not run again: the retry is refused with idempotency_key_answer_lost', async () => {
    const write = kit.t.composition.get(TOKENS.WritePosts);
    const { create } = write;
    write.create = async function (this: WritePosts, ...args: Parameters<WritePosts['create']>) {
      await create.apply(this, args);
      throw new Error('connection lost after the write');
    };
    const before = await postCount();
    const args = { ...draft('Made, answer lost', kit.conn.TWITTER), idempotencyKey: 'c0ffee-4' };
    try {
      expect((await call('create_post', args)).isError).to.equal(true);
    } finally {
      delete (write as Partial<WritePosts>).create;
    }
    expect(refusal(await call('create_post', args)).code).to.equal('idempotency_key_answer_lost');
    expect(await postCount()).to.equal(before + 1);
  });

  it('without a key, each call acts (the documented default)', async () => {
    const before = await postCount();
    await call('create_post', draft('No key', kit.conn.TWITTER));
    await call('create_post', draft('No key', kit.conn.TWITTER));
    expect(await postCount()).to.equal(before + 2);
  });
});
