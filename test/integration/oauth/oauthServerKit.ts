import { type IncomingMessage, type ServerResponse } from 'node:http';
import { expect } from 'chai';
import * as client from 'openid-client';
import { TOKENS } from '../../../config/tokens';
import { type DatabaseKind, serverFor } from '../../support/databases';
import { handleFor } from '../../support/data/connections';
import { OWNER_EMAIL } from '../../support/data/people';
import { group, targetOn } from '../../support/data/posts';
import { LocalHttpServer } from '../../support/localHttpServer';
import { requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';
import { Person } from './realClientsPerson';

/** A CLI or agent: public, the device grant and refresh. */
export const DEVICE_CLIENT = 'dispatch-cli';
/** A web app: public (PKCE), the code grant and refresh, a loopback redirect URI. */
export const WEB_CLIENT = 'example-web';
export const SCOPE = 'posts:read posts:write';

export interface ApiAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/**
 * The authorization server as real clients meet it (docs/decisions.md, "OAuth server: design notes", "Real
 * clients against http://127.0.0.1"): the app listening on 127.0.0.1 with BASE_URL set to that address, the two
 * clients registered, a person owning two workspaces (each with a Twitter connection) and
 * signed in at a cookie-jar browser, and the web app's callback listening on the loopback.
 */
export class OAuthServerKit {
  private constructor(
    readonly t: TestApp,
    private readonly server: LocalHttpServer,
    private readonly callbackServer: LocalHttpServer,
    readonly person: Person,
    readonly userId: string,
    /** The workspace the person grants. */
    readonly ws: string,
    /** Another workspace of the same person, never granted. */
    readonly sideWs: string,
    readonly conn: { readonly [workspaceId: string]: string },
    /** What the web app's callback received, as full URLs. */
    readonly callbacks: readonly string[],
  ) {}

  static async start(ctx: Mocha.Context, kind: DatabaseKind = 'sqlite'): Promise<OAuthServerKit> {
    const needed = serverFor(kind);
    if (needed) await requireServer(ctx, needed);
    let handle: ((request: IncomingMessage, response: ServerResponse) => void) | null = null;
    const server = await LocalHttpServer.start('127.0.0.1', (request, response) => handle?.(request, response));
    const callbacks: string[] = [];
    const callbackServer = await LocalHttpServer.start('127.0.0.1', (request, response) => {
      callbacks.push(new URL(request.url ?? '/', `http://127.0.0.1:${callbackServer.port}`).href);
      response.end('signed in');
    });
    const t = await startTestApp(await freshDatabaseEnv(kind), { BASE_URL: server.url('') });
    handle = t.app.callback();
    const userId = await t.given.user(OWNER_EMAIL);
    const ws = await t.given.workspace(OWNER_EMAIL, 'Main');
    const sideWs = await t.given.workspace(OWNER_EMAIL, 'Side');
    const conn = { [ws]: await t.given.connection(ws, 'TWITTER', handleFor('TWITTER')), [sideWs]: await t.given.connection(sideWs, 'TWITTER', '@side') };
    const clients = t.composition.get(TOKENS.ManageClients);
    const scopes = ['posts:read', 'posts:write'] as const;
    await clients.register({
      clientId: DEVICE_CLIENT,
      name: 'Dispatch CLI',
      redirectUris: [],
      grants: ['device_code', 'refresh_token'],
      scopes,
      confidential: false,
    });
    await clients.register({
      clientId: WEB_CLIENT,
      name: 'Example Web',
      redirectUris: [callbackServer.url('/callback')],
      grants: ['authorization_code', 'refresh_token'],
      scopes,
      confidential: false,
    });
    const person = new Person(server.url(''), OWNER_EMAIL);
    await person.signIn();
    return new OAuthServerKit(t, server, callbackServer, person, userId, ws, sideWs, conn, callbacks);
  }

  get issuer(): string {
    return this.t.config.http.baseUrl;
  }

  get redirectUri(): string {
    return this.callbackServer.url('/callback');
  }

  /** openid-client's discovery of this server, for a public client. */
  discover(clientId: string): Promise<client.Configuration> {
    return client.discovery(new URL(this.issuer), clientId, undefined, client.None(), { algorithm: 'oauth2', execute: [client.allowInsecureRequests] });
  }

  /**
   * The web app's sign-in, as a web app does it: the authorization URL with PKCE and state, the
   * person's consent for `ws`, the browser following the 303 to the app's callback, the code
   * exchanged there with the verifier and the expected state.
   */
  async codeFlow(config: client.Configuration): Promise<{ tokens: client.TokenEndpointResponse; callbackUrl: URL; state: string }> {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: SCOPE,
      state,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const finalized = await this.person.consent(url.href, this.ws);
    expect(finalized.status, finalized.html).to.equal(303);
    const arrived = await fetch(finalized.location!);
    expect(arrived.status).to.equal(200);
    const callbackUrl = new URL(this.callbacks.at(-1)!);
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: verifier, expectedState: state });
    return { tokens, callbackUrl, state };
  }

  /** POST /v1/workspaces/{workspaceId}/posts: a draft on that workspace's Twitter connection. */
  createPost(accessToken: string, workspaceId: string): Promise<ApiAnswer> {
    const body = { groups: [group()], targets: [targetOn(this.conn[workspaceId]!, 'TWITTER')] };
    return this.api('POST', `/v1/workspaces/${workspaceId}/posts`, accessToken, body);
  }

  readPost(accessToken: string, workspaceId: string, postId: string): Promise<ApiAnswer> {
    return this.api('GET', `/v1/workspaces/${workspaceId}/posts/${postId}`, accessToken);
  }

  async api(method: string, path: string, accessToken: string, body?: unknown): Promise<ApiAnswer> {
    const response = await fetch(new URL(path, this.issuer), {
      method,
      headers: { Authorization: `Bearer ${accessToken}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
  }

  async stop(): Promise<void> {
    await this.t.close();
    await this.server.stop();
    await this.callbackServer.stop();
  }
}
