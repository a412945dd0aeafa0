import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, LATEST_PROTOCOL_VERSION, McpError } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import { BridgeKit, type ConnectedBridge, freePort, type PostJson, settled, structured } from './bridgeKit';

/**
 * The stdio bridge (docs/agents.md, "Local agents over stdio") with an API key, driven as a child
 * process by the SDK's stdio client against a first-started service process: what the service's
 * MCP server offers over HTTP, the bridge offers over stdio, results and errors unchanged.
 */
describe('MCP stdio bridge: with an API key', function () {
  this.timeout(120_000);
  let kit: BridgeKit;
  let bridge: ConnectedBridge;
  let direct: Client;

  before(async () => {
    kit = await BridgeKit.start();
    bridge = await kit.connect({ DISPATCH_API_KEY: kit.apiKey });
    direct = new Client({ name: 'direct', version: '1.0.0' });
    const headers = { Authorization: `Bearer ${kit.apiKey}` };
    await direct.connect(new StreamableHTTPClientTransport(new URL(`${kit.baseUrl}/mcp`), { requestInit: { headers } }));
  });
  after(async () => {
    await direct?.close();
    await kit?.stop();
  });

  it("introduces itself as the service's MCP server, and lists the same tools, resource templates and prompts", async () => {
    expect(bridge.client.getServerVersion()).to.deep.equal(direct.getServerVersion());
    expect(bridge.client.getInstructions()).to.equal(direct.getInstructions());
    expect(bridge.client.getServerCapabilities()).to.deep.equal({ tools: {}, resources: {}, prompts: {} });
    const tools = await bridge.client.listTools();
    expect(tools).to.deep.equal(await direct.listTools());
    expect(tools.tools.map((t) => t.name)).to.include.members(['list_connections', 'create_post', 'get_post']);
    expect(await bridge.client.listResourceTemplates()).to.deep.equal(await direct.listResourceTemplates());
    expect(await bridge.client.listResources()).to.deep.equal({ resources: [] });
    expect(await bridge.client.listPrompts()).to.deep.equal(await direct.listPrompts());
    const prompt = { name: 'draft_thread', arguments: { platforms: 'BLUESKY, TWITTER', topic: 'our launch' } };
    expect(await bridge.client.getPrompt(prompt)).to.deep.equal(await direct.getPrompt(prompt));
    expect(bridge.stderr()).to.match(/^dispatch-mcp: serving http:\/\/127\.0\.0\.1:\d+\/mcp on stdin and stdout, as the API key in DISPATCH_API_KEY\n$/);
  });

  it('create_post publishes a thread to a sandbox account, whose sandbox page shows it; the post reads back as a resource', async () => {
    const connections = structured<{ data: { id: string; platform: string }[] }>(await bridge.client.callTool({ name: 'list_connections', arguments: {} }));
    const bluesky = connections.data.find((c) => c.platform === 'BLUESKY')!.id;
    const created = structured<PostJson>(
      await bridge.client.callTool({
        name: 'create_post',
        arguments: {
          groups: [{ id: 'main', isDefault: true, segments: ['Sent through the stdio bridge', 'and its second part'].map((text) => ({ text, media: [] })) }],
          targets: [{ connectionId: bluesky, groupId: 'main', scheduledAt: null }],
          intent: 'publish_now',
        },
      }),
    );
    const published = await settled(bridge.client, created.id);
    expect(published.status).to.equal('published');
    const page = new URL(published.targets[0]!.platformPostUrl!);
    expect(page.origin).to.equal(kit.baseUrl);
    const html = await (await fetch(page)).text();
    expect(html.indexOf('Sent through the stdio bridge')).to.be.greaterThan(0).and.lessThan(html.indexOf('and its second part'));

    const read = await bridge.client.readResource({ uri: `dispatch://workspaces/${kit.workspaceId}/posts/${created.id}` });
    expect(read.contents[0]!.mimeType).to.equal('application/json');
    expect(JSON.parse((read.contents[0] as { text: string }).text)).to.include({ id: created.id, status: 'published' });
  });

  it("answers the service's errors unchanged: a tool error's body, a JSON-RPC error's code, message and data", async () => {
    const refused = await bridge.client.callTool({ name: 'get_post', arguments: { postId: 'no-such-post' } });
    expect(refused).to.deep.equal(await direct.callTool({ name: 'get_post', arguments: { postId: 'no-such-post' } }).then(withoutRequestId(refused)));
    expect(refused.isError).to.equal(true);

    const unknown = (await bridge.client.callTool({ name: 'no_such_tool', arguments: {} }).catch((e: unknown) => e)) as McpError;
    const unknownDirect = (await direct.callTool({ name: 'no_such_tool', arguments: {} }).catch((e: unknown) => e)) as McpError;
    expect(unknown).to.be.instanceOf(McpError);
    expect([unknown.code, unknown.message]).to.deep.equal([ErrorCode.InvalidParams, unknownDirect.message]);
    expect(unknown.message).to.include('no tool named no_such_tool');

    const uri = `dispatch://workspaces/${kit.workspaceId}/posts/no-such-post`;
    const missing = (await bridge.client.readResource({ uri }).catch((e: unknown) => e)) as McpError;
    const missingDirect = (await direct.readResource({ uri }).catch((e: unknown) => e)) as McpError;
    expect(missing.code).to.equal(-32002);
    expect(missing.message).to.equal(missingDirect.message);
    expect((missing.data as { error: { code: string } }).error.code).to.equal((missingDirect.data as { error: { code: string } }).error.code);
    expect(bridge.transportErrors).to.deep.equal([]);
  });

  it('writes nothing on stdout but JSON-RPC messages, one a line, and exits when its stdin ends', async () => {
    const child = spawn(process.execPath, [path.resolve(__dirname, '../../../scripts/dispatch-mcp.js'), '--url', kit.baseUrl], {
      env: kit.bridgeEnv({ DISPATCH_API_KEY: kit.apiKey }),
      cwd: os.tmpdir(),
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
    const answered = async (count: number) => {
      while (stdout.split('\n').filter(Boolean).length < count) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    await answered(1);
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'list_workspaces', arguments: {} } });
    await answered(3);
    child.stdin.end();
    expect(await exited).to.equal(0);
    const lines = stdout.split('\n');
    expect(lines.pop()).to.equal('');
    const messages = lines.map((line) => JSON.parse(line) as { jsonrpc: string; id: number; result?: Record<string, unknown> });
    expect(messages.map((m) => [m.jsonrpc, m.id, m.result !== undefined])).to.deep.equal([
      ['2.0', 1, true],
      ['2.0', 2, true],
      ['2.0', 3, true],
    ]);
    expect(messages[0]!.result!.protocolVersion).to.equal(LATEST_PROTOCOL_VERSION);
  });

  it('npm run -s mcp is the same bridge, from the project folder (npm writes nothing on stdout with -s)', async () => {
    const npm = new Client({ name: 'npm-run', version: '1.0.0' });
    const transportErrors: Error[] = [];
    npm.onerror = (error) => transportErrors.push(error);
    const transport = new StdioClientTransport({
      command: 'npm',
      args: ['run', '-s', 'mcp', '--', '--url', kit.baseUrl],
      cwd: path.resolve(__dirname, '../../..'),
      env: kit.bridgeEnv({ DISPATCH_API_KEY: kit.apiKey }),
      stderr: 'ignore',
    });
    await npm.connect(transport);
    try {
      expect((await npm.listTools()).tools).to.deep.equal((await direct.listTools()).tools);
      expect(transportErrors).to.deep.equal([]);
    } finally {
      await npm.close();
    }
    const unsigned = await new Promise<string>((resolve) => {
      const child = spawn('npm', ['run', '-s', 'mcp', '--', '--url', kit.baseUrl], { cwd: path.resolve(__dirname, '../../..'), env: kit.bridgeEnv() });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      child.once('exit', () => resolve(stderr));
    });
    expect(unsigned).to.include(`sign in with \`npm run -s mcp -- login --url ${kit.baseUrl} --client-id <client id>\``);
  });

  it('says on stderr, and nowhere else, that a refused API key was refused: exit 1', async () => {
    const run = await kit.run(['--url', kit.baseUrl], { DISPATCH_API_KEY: 'dsk_not_a_key' });
    expect(run.code).to.equal(1);
    expect(run.stdout).to.equal('');
    expect(run.stderr).to.match(
      new RegExp(`^dispatch-mcp: ${kit.baseUrl} refused the API key \\(invalid_token: [^)]+\\): check DISPATCH_API_KEY, or ask for a new key\n$`),
    );
  });

  it('without a key or a sign-in, names the login command: exit 1', async () => {
    const run = await kit.run(['--url', kit.baseUrl]);
    expect(run.code).to.equal(1);
    expect(run.stdout).to.equal('');
    expect(run.stderr).to.equal(
      `dispatch-mcp: not signed in to ${kit.baseUrl} and DISPATCH_API_KEY is not set: sign in with \`dispatch-mcp login --url ${kit.baseUrl} --client-id <client id>\` ` +
        '(a client the operator registered with the device_code and refresh_token grants), or set DISPATCH_API_KEY to an API key\n',
    );
  });

  it('says the service cannot be reached when nothing listens at the URL: exit 1', async () => {
    const run = await kit.run(['--url', `http://127.0.0.1:${await freePort()}`], { DISPATCH_API_KEY: kit.apiKey });
    expect(run.code).to.equal(1);
    expect(run.stdout).to.equal('');
    expect(run.stderr).to.equal('dispatch-mcp: the service cannot be reached (ECONNREFUSED): is it running, and is --url right?\n');
  });
});

/** A tool error's body carries its request's id: the direct call's answer with the bridge's id, to compare the rest. */
function withoutRequestId(bridged: Awaited<ReturnType<Client['callTool']>>) {
  const id = (bridged.structuredContent as { error: { requestId: string } }).error.requestId;
  return (answer: Awaited<ReturnType<Client['callTool']>>) =>
    JSON.parse(JSON.stringify(answer).replaceAll((answer.structuredContent as { error: { requestId: string } }).error.requestId, id));
}
