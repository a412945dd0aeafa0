import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { NotSignedIn, SignInEnded } from '../../../application/mcpBridge/bridgeErrors';
import { SignedInBearer } from '../../../application/mcpBridge/SignedInBearer';
import {
  type AuthorizationServerClient,
  AuthorizationServerRefusal,
  type ClientOf,
  type IssuedTokens,
} from '../../../application/ports/mcpBridge/AuthorizationServerClient';
import { type StoredSignIn } from '../../../application/ports/mcpBridge/StoredSignIns';
import { credentialsPath } from '../../../adapters/outbound/agentCredentials/credentialsPath';
import { FileSignInStore } from '../../../adapters/outbound/agentCredentials/FileSignInStore';
import { FixedClock } from '../../support/fixedClock';

const BASE = 'http://localhost:3000';

/** An authorization server that counts refreshes and answers each after a pause, or refuses them. */
class CountingServer implements AuthorizationServerClient {
  readonly refreshed: string[] = [];
  refusal: AuthorizationServerRefusal | null = null;

  async startDeviceAuthorization(): Promise<never> {
    throw new Error('not in these tests');
  }
  async pollDeviceCode(): Promise<never> {
    throw new Error('not in these tests');
  }
  async refresh(_client: ClientOf, refreshToken: string): Promise<IssuedTokens> {
    this.refreshed.push(refreshToken);
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (this.refusal !== null) throw this.refusal;
    const n = this.refreshed.length;
    return { accessToken: `access-${n}`, expiresInSeconds: 600, refreshToken: `dsr_refresh-${n}`, scope: null };
  }
  async revoke(): Promise<void> {}
}

/**
 * The bridge's credentials file (FileSignInStore) and the renewal that runs alone among the
 * processes sharing it (SignedInBearer): two bearers reading one file stand for two bridges.
 */
describe('MCP stdio bridge: the stored sign-ins and their renewal', () => {
  const clock = new FixedClock(new Date('2026-03-01T12:00:00Z'));
  let dir: string;
  let store: FileSignInStore;
  const signIn = (change: Partial<StoredSignIn> = {}): StoredSignIn => ({
    baseUrl: BASE,
    clientId: 'my-agent',
    resource: `${BASE}/mcp`,
    accessToken: 'access-0',
    accessTokenExpiresAt: new Date(clock.now().getTime() + 600_000),
    refreshToken: 'dsr_refresh-0',
    scope: 'posts:read',
    signedInAt: clock.now(),
    ...change,
  });

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-signins-'));
    store = new FileSignInStore(credentialsPath(dir, '/nowhere'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lives in $XDG_CONFIG_HOME/dispatch, else ~/.config/dispatch (a relative XDG_CONFIG_HOME is ignored)', () => {
    expect(credentialsPath('/x/config', '/home/me')).to.equal('/x/config/dispatch/credentials.json');
    expect(credentialsPath(undefined, '/home/me')).to.equal('/home/me/.config/dispatch/credentials.json');
    expect(credentialsPath('relative', '/home/me')).to.equal('/home/me/.config/dispatch/credentials.json');
  });

  it('keeps one sign-in per base URL in a 0600 file of a 0700 directory, and removes the file with the last one', async () => {
    const other = signIn({ baseUrl: 'https://dispatch.example.com', resource: 'https://dispatch.example.com/mcp' });
    await store.save(signIn());
    await store.save(other);
    expect(fs.statSync(store.location).mode & 0o777).to.equal(0o600);
    expect(fs.statSync(path.dirname(store.location)).mode & 0o777).to.equal(0o700);
    expect(await store.find(BASE)).to.deep.equal(signIn());
    expect(await store.find('http://elsewhere')).to.equal(null);
    expect(await store.remove(BASE)).to.equal(true);
    expect(await store.remove(BASE)).to.equal(false);
    expect(await store.find(other.baseUrl)).to.deep.equal(other);
    expect(fs.readdirSync(path.dirname(store.location))).to.deep.equal(['credentials.json']);
    await store.remove(other.baseUrl);
    expect(fs.existsSync(store.location)).to.equal(false);
  });

  it('makes a directory that was open to others private again, and names a file it cannot read', async () => {
    fs.mkdirSync(path.dirname(store.location), { recursive: true, mode: 0o755 });
    fs.chmodSync(path.dirname(store.location), 0o755);
    fs.writeFileSync(store.location, 'not json');
    const error = (await store.find(BASE).catch((e: unknown) => e)) as Error;
    expect(error.message).to.equal(`${store.location} is not a credentials file of this version: remove it and sign in again`);
    fs.rmSync(store.location);
    await store.save(signIn());
    expect(fs.statSync(path.dirname(store.location)).mode & 0o777).to.equal(0o700);
  });

  it('two bridges renewing an expiring token at once refresh once: the second takes the tokens the first saved', async () => {
    await store.save(signIn({ accessTokenExpiresAt: new Date(clock.now().getTime() + 10_000) }));
    const server = new CountingServer();
    const [first, second] = [new SignedInBearer(BASE, store, server, clock), new SignedInBearer(BASE, store, server, clock)];
    await Promise.all([first.load(), second.load()]);
    const tokens = await Promise.all([first.current(), second.current(), first.current()]);
    expect(server.refreshed).to.deep.equal(['dsr_refresh-0']);
    expect(tokens).to.deep.equal(['access-1', 'access-1', 'access-1']);
    expect(await store.find(BASE)).to.deep.include({ accessToken: 'access-1', refreshToken: 'dsr_refresh-1' });
    expect(fs.existsSync(`${store.location}.lock`)).to.equal(false);
  });

  it('a token refused after another bridge renewed it is replaced by the saved one, without a refresh', async () => {
    await store.save(signIn());
    const server = new CountingServer();
    const [first, second] = [new SignedInBearer(BASE, store, server, clock), new SignedInBearer(BASE, store, server, clock)];
    expect(await second.current()).to.equal('access-0');
    expect(await first.rejected('access-0')).to.equal('access-1');
    expect(await second.rejected('access-0')).to.equal('access-1');
    expect(server.refreshed).to.deep.equal(['dsr_refresh-0']);
  });

  it('a lock left by a process that died is taken over once it is a minute old', async () => {
    await store.save(signIn({ accessTokenExpiresAt: clock.now() }));
    const lock = `${store.location}.lock`;
    fs.writeFileSync(lock, '99999');
    const old = new Date(Date.now() - 61_000);
    fs.utimesSync(lock, old, old);
    expect(await new SignedInBearer(BASE, store, new CountingServer(), clock).current()).to.equal('access-1');
    expect(fs.existsSync(lock)).to.equal(false);
  });

  it('a refused refresh token ends the sign-in (log in again); a service error does not; no sign-in at all is NotSignedIn', async () => {
    await store.save(signIn({ accessTokenExpiresAt: clock.now() }));
    const server = new CountingServer();
    server.refusal = new AuthorizationServerRefusal('invalid_grant', 'the refresh token is not valid');
    const ended = await new SignedInBearer(BASE, store, server, clock).current().catch((e: unknown) => e);
    expect(ended).to.be.instanceOf(SignInEnded);
    expect((ended as SignInEnded).message).to.equal(
      `the sign-in to ${BASE} has ended (the refresh token was refused: invalid_grant: the refresh token is not valid)`,
    );
    server.refusal = new AuthorizationServerRefusal('temporarily_unavailable', null);
    expect(await new SignedInBearer(BASE, store, server, clock).current().catch((e: unknown) => e)).to.equal(server.refusal);
    await store.remove(BASE);
    expect(await new SignedInBearer(BASE, store, server, clock).current().catch((e: unknown) => e)).to.be.instanceOf(NotSignedIn);
  });
});
