import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { AGENT_CLIENT, BridgeKit, structured } from './bridgeKit';

interface Stored {
  clientId: string;
  resource: string;
  accessToken: string;
  accessTokenExpiresAt: string;
  refreshToken: string;
  scope: string;
}

/**
 * The stdio bridge signed in by the device flow (docs/agents.md, "Local agents over stdio"): the
 * login stores the tokens for the MCP server in the user's config directory, readable by the user
 * only; the bridge renews the access token when it is about to expire or refused, saving the
 * rotated refresh token; logout revokes and removes it. Expiry is the stored expiry moved into the
 * past or a token the service refuses: no waiting for a real one.
 */
describe('MCP stdio bridge: signed in by the device flow', function () {
  this.timeout(120_000);
  let kit: BridgeKit;

  const read = (file = kit.credentialsFile): { version: number; signIns: Record<string, Stored> } => JSON.parse(fs.readFileSync(file, 'utf8'));
  const stored = (): Stored => read().signIns[kit.baseUrl]!;
  const rewrite = (change: Partial<Stored>, file = kit.credentialsFile) => {
    const content = read(file);
    content.signIns[kit.baseUrl] = { ...content.signIns[kit.baseUrl]!, ...change };
    fs.writeFileSync(file, JSON.stringify(content));
  };
  const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
  const past = () => new Date(Date.now() - 1000).toISOString();
  /** A refresh at the token endpoint, as any client would: what the service says of a refresh token. */
  const refreshAt = (refreshToken: string) =>
    fetch(`${kit.baseUrl}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: AGENT_CLIENT, refresh_token: refreshToken }),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { error?: string } }));

  before(async () => {
    kit = await BridgeKit.start();
  });
  after(async () => kit?.stop());

  it('login at another URL than BASE_URL says which one the service names itself by, and stores nothing', async () => {
    const alias = kit.baseUrl.replace('127.0.0.1', 'localhost');
    const run = await kit.run(['login', '--url', alias, '--client-id', AGENT_CLIENT]);
    expect(run.code).to.equal(1);
    expect(run.stdout).to.equal('');
    expect(run.stderr).to.equal(`dispatch-mcp: the service at ${alias} names itself ${kit.baseUrl} (its BASE_URL): use --url ${kit.baseUrl}\n`);
    expect(fs.existsSync(kit.credentialsFile)).to.equal(false);
  });

  it('login: shows where to approve on stderr, then stores the tokens for BASE_URL/mcp in a file only the user may read', async () => {
    const login = await kit.login();
    expect(login.code, login.stderr).to.equal(0);
    expect(login.stdout).to.equal('');
    const [shown, code] = /open (\S+)\nand check that it shows the code (\S+);/.exec(login.stderr)!.slice(1);
    expect(shown).to.equal(`${kit.baseUrl}/device?user_code=${code}`);
    expect(login.stderr).to.include(
      `Signed in to ${kit.baseUrl} as client ${AGENT_CLIENT} (scopes: accounts:read media:write posts:read posts:write); the tokens are in ${kit.credentialsFile}.\n`,
    );
    expect(modeOf(kit.credentialsFile)).to.equal(0o600);
    expect(modeOf(path.dirname(kit.credentialsFile))).to.equal(0o700);
    expect(read().version).to.equal(1);
    expect(Object.keys(read().signIns)).to.deep.equal([kit.baseUrl]);
    const signIn = stored();
    expect(signIn).to.include({ clientId: AGENT_CLIENT, resource: `${kit.baseUrl}/mcp`, scope: 'accounts:read media:write posts:read posts:write' });
    expect(decodeJwt(signIn.accessToken).aud).to.equal(`${kit.baseUrl}/mcp`);
    expect(signIn.refreshToken).to.match(/^dsr_/);
    expect(new Date(signIn.accessTokenExpiresAt).getTime()).to.be.closeTo(Date.now() + 600_000, 30_000);
  });

  it('serves the MCP server with the stored sign-in: the tools its scopes allow, in the workspace the person chose', async () => {
    const bridge = await kit.connect();
    const names = (await bridge.client.listTools()).tools.map((t) => t.name);
    expect(names).to.include.members(['create_post', 'list_connections', 'import_media']);
    expect(names).to.not.include('review_post');
    const workspaces = structured<{ data: { id: string }[] }>(await bridge.client.callTool({ name: 'list_workspaces', arguments: {} }));
    expect(workspaces.data.map((w) => w.id)).to.deep.equal([kit.workspaceId]);
    expect(bridge.stderr()).to.equal(`dispatch-mcp: serving ${kit.baseUrl}/mcp on stdin and stdout, as the sign-in of client ${AGENT_CLIENT}\n`);
    await bridge.client.close();
  });

  it('renews an access token about to expire before sending it, and saves the rotated refresh token atomically (0600)', async () => {
    const before = stored();
    rewrite({ accessTokenExpiresAt: past() });
    const bridge = await kit.connect();
    expect((await bridge.client.listTools()).tools).to.not.be.empty;
    const after = stored();
    expect(after.accessToken).to.not.equal(before.accessToken);
    expect(after.refreshToken).to.not.equal(before.refreshToken);
    expect(after.refreshToken).to.match(/^dsr_/);
    expect(decodeJwt(after.accessToken).aud).to.equal(`${kit.baseUrl}/mcp`);
    expect(new Date(after.accessTokenExpiresAt).getTime()).to.be.greaterThan(Date.now() + 500_000);
    expect(modeOf(kit.credentialsFile)).to.equal(0o600);
    expect(fs.readdirSync(path.dirname(kit.credentialsFile))).to.deep.equal(['credentials.json']);
    await bridge.client.close();
  });

  it('renews an access token the service refuses (401) and sends the request again', async () => {
    const before = stored();
    const [header, payload, signature] = before.accessToken.split('.');
    const forged = `${header}.${payload}.${signature!.slice(0, 10)}${signature![10] === 'A' ? 'B' : 'A'}${signature!.slice(11)}`;
    rewrite({ accessToken: forged });
    const bridge = await kit.connect();
    const workspaces = structured<{ data: unknown[] }>(await bridge.client.callTool({ name: 'list_workspaces', arguments: {} }));
    expect(workspaces.data).to.have.length(1);
    const after = stored();
    expect([forged, before.accessToken]).to.not.include(after.accessToken);
    expect(after.refreshToken).to.not.equal(before.refreshToken);
    expect(bridge.transportErrors).to.deep.equal([]);
    await bridge.client.close();
  });

  it('two bridges renewing at once refresh once: the other takes the renewed tokens, and the sign-in lives on', async () => {
    const before = stored();
    rewrite({ accessTokenExpiresAt: past() });
    const bridges = await Promise.all([kit.connect(), kit.connect()]);
    for (const bridge of bridges) expect((await bridge.client.listTools()).tools).to.not.be.empty;
    const after = stored();
    expect(after.refreshToken).to.not.equal(before.refreshToken);
    // Had both refreshed with the same refresh token, the reuse would have revoked the family.
    const third = await kit.connect();
    expect((await third.client.listTools()).tools).to.not.be.empty;
    await Promise.all([...bridges, third].map((b) => b.client.close()));
  });

  it('a refresh token the service refuses: says to log in again, naming the command, exit 1', async () => {
    const elsewhere = path.join(kit.home, 'elsewhere');
    fs.mkdirSync(path.join(elsewhere, 'dispatch'), { recursive: true });
    const copy = path.join(elsewhere, 'dispatch', 'credentials.json');
    fs.copyFileSync(kit.credentialsFile, copy);
    rewrite({ accessTokenExpiresAt: past(), refreshToken: 'dsr_not_a_refresh_token' }, copy);
    const run = await kit.run(['--url', kit.baseUrl], { XDG_CONFIG_HOME: elsewhere });
    expect(run.code).to.equal(1);
    expect(run.stdout).to.equal('');
    expect(run.stderr).to.match(
      new RegExp(
        `^dispatch-mcp: the sign-in to ${kit.baseUrl} has ended \\(the refresh token was refused: invalid_grant[^)]*\\): ` +
          `log in again with \`dispatch-mcp login --url ${kit.baseUrl} --client-id ${AGENT_CLIENT}\`\n$`,
      ),
    );
  });

  it('a sign-in revoked while the bridge runs: the request fails saying to log in again; after a new login the same bridge carries on', async () => {
    const bridge = await kit.connect();
    expect((await bridge.client.listTools()).tools).to.not.be.empty;
    const revoked = await fetch(`${kit.baseUrl}/oauth/revoke`, {
      method: 'POST',
      body: new URLSearchParams({ token: stored().refreshToken, token_type_hint: 'refresh_token', client_id: AGENT_CLIENT }),
    });
    expect(revoked.status).to.equal(200);
    const failed = (await bridge.client.listTools().catch((e: unknown) => e)) as McpError;
    expect(failed).to.be.instanceOf(McpError);
    expect(failed.code).to.equal(ErrorCode.InternalError);
    const line = `log in again with \`dispatch-mcp login --url ${kit.baseUrl} --client-id ${AGENT_CLIENT}\``;
    expect(failed.message)
      .to.match(new RegExp(`the sign-in to ${kit.baseUrl} has ended \\(the refresh token was refused: invalid_grant`))
      .and.to.include(line);
    expect(bridge.stderr()).to.include(line);

    expect((await kit.login()).code).to.equal(0);
    expect((await bridge.client.listTools()).tools).to.not.be.empty;
    await bridge.client.close();
  });

  it('logout: revokes the sign-in at the service and removes the file; the bridge then says it is not signed in', async () => {
    const { refreshToken } = stored();
    const out = await kit.run(['logout', '--url', kit.baseUrl]);
    expect(out.code, out.stderr).to.equal(0);
    expect(out.stdout).to.equal('');
    expect(out.stderr).to.match(new RegExp(`^Signed out of ${kit.baseUrl}: the service revoked the tokens`));
    expect(fs.existsSync(kit.credentialsFile)).to.equal(false);
    const refused = await refreshAt(refreshToken);
    expect([refused.status, refused.body.error]).to.deep.equal([400, 'invalid_grant']);

    const again = await kit.run(['logout', '--url', kit.baseUrl]);
    expect([again.code, again.stderr]).to.deep.equal([0, `Not signed in to ${kit.baseUrl}: nothing to do.\n`]);
    const bridge = await kit.run(['--url', kit.baseUrl]);
    expect(bridge.code).to.equal(1);
    expect(bridge.stderr).to.include(`not signed in to ${kit.baseUrl}`).and.include('dispatch-mcp login --url');
  });
});
