import { type IncomingMessage, type ServerResponse } from 'node:http';
import { expect } from 'chai';
import * as oauth from 'oauth4webapi';
import { type Scope } from '../../../domain/credential/Scope';
import { type ClientGrant } from '../../../domain/oauth/OAuthClient';
import { TOKENS as T } from '../../../config/tokens';
import { type DatabaseKind } from '../../support/databases';
import { OWNER_EMAIL, PASSWORD } from '../../support/data/people';
import { FixedClock } from '../../support/fixedClock';
import { LocalHttpServer } from '../../support/localHttpServer';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';
import { Browser, csrfIn, hiddenField } from './oauthErrorBrowser';

/** The redirect URI every code-flow client of these tests registers (nothing listens there: the tests read the 303). */
export const CALLBACK = 'http://127.0.0.1:8765/callback';
export const SCOPES: Scope[] = ['posts:read', 'posts:write'];
export const insecure = { [oauth.allowInsecureRequests]: true } as const;

/** A registered client as oauth4webapi sees it, with the authentication it uses. */
export interface TestClient {
  readonly client: oauth.Client;
  readonly auth: oauth.ClientAuth;
  readonly secret: string | null;
}

/** What a refused request answered: the status, the OAuth error code, the headers. */
export interface Refusal {
  readonly status: number;
  readonly error: string;
  readonly headers: Headers;
}

/**
 * The service on a real local address (BASE_URL is that address, so oauth4webapi's discovery and
 * issuer checks hold), a clock that moves only when a test says so, an owner with a workspace, and
 * a browser (cookie jar) for the sign-in, consent and device pages.
 */
export class OAuthErrorKit {
  private constructor(
    readonly t: TestApp,
    readonly clock: FixedClock,
    private readonly server: LocalHttpServer,
    readonly ws: string,
    readonly as: oauth.AuthorizationServer,
  ) {}

  static async start(kind: DatabaseKind = 'sqlite'): Promise<OAuthErrorKit> {
    let handle: ((request: IncomingMessage, response: ServerResponse) => void) | null = null;
    const server = await LocalHttpServer.start('127.0.0.1', (request, response) => handle?.(request, response));
    const clock = new FixedClock();
    const base = server.url('');
    const t = await startTestApp(await freshDatabaseEnv(kind), { BASE_URL: base }, { replace: (w) => w.replace(T.Clock, clock) });
    handle = t.app.callback();
    await t.given.user(OWNER_EMAIL);
    const ws = await t.given.workspace(OWNER_EMAIL);
    const issuer = new URL(base);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { ...insecure, algorithm: 'oauth2' }));
    return new OAuthErrorKit(t, clock, server, ws, as);
  }

  get base(): string {
    return this.t.config.http.baseUrl;
  }

  async stop(): Promise<void> {
    await this.server.stop();
    await this.t.close();
  }

  /** Registers a client through the real use case; a confidential one authenticates by `method`. */
  async register(
    clientId: string,
    options: { grants?: ClientGrant[]; confidential?: boolean; method?: 'basic' | 'post'; redirectUris?: string[] } = {},
  ): Promise<TestClient> {
    const { secret } = await this.t.composition.get(T.ManageClients).register({
      clientId,
      name: `App ${clientId}`,
      redirectUris: options.redirectUris ?? [CALLBACK],
      grants: options.grants ?? ['authorization_code', 'device_code', 'refresh_token'],
      scopes: SCOPES,
      confidential: options.confidential ?? false,
    });
    const auth = secret === null ? oauth.None() : options.method === 'post' ? oauth.ClientSecretPost(secret) : oauth.ClientSecretBasic(secret);
    return { client: { client_id: clientId }, auth, secret };
  }

  /** A browser signed in as `email`. */
  async browser(email = OWNER_EMAIL): Promise<Browser> {
    const browser = new Browser(this.base);
    const form = await browser.get('/signin');
    const signedIn = await browser.post('/signin', { _csrf: csrfIn(await form.text()), email, password: PASSWORD, next: '/signin' });
    expect(signedIn.status, 'signed in').to.equal(303);
    return browser;
  }

  /** The URL of an authorization request with PKCE; `overrides` replace (or, as undefined, drop) parameters. */
  authorizeUrl(clientId: string, challenge: string, overrides: Record<string, string | undefined> = {}): string {
    const params: Record<string, string | undefined> = {
      response_type: 'code',
      client_id: clientId,
      redirect_uri: CALLBACK,
      scope: SCOPES.join(' '),
      state: 'st-123',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...overrides,
    };
    const query = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
    return `/oauth/authorize?${query}`;
  }

  /** The whole front channel of the code flow: consent approved, the callback's parameters validated (state, iss). */
  async authorizationCode(test: TestClient, browser?: Browser, ticked: readonly Scope[] = SCOPES): Promise<{ callback: URLSearchParams; verifier: string }> {
    const verifier = oauth.generateRandomCodeVerifier();
    const person = browser ?? (await this.browser());
    const consent = await person.get(this.authorizeUrl(test.client.client_id, await oauth.calculatePKCECodeChallenge(verifier)));
    expect(consent.status, 'the consent page').to.equal(200);
    const page = await consent.text();
    const finalized = await person.post('/oauth/authorize/finalize', {
      _csrf: csrfIn(page),
      ticket: hiddenField(page, 'ticket'),
      workspace: this.ws,
      decision: 'approve',
      ...Object.fromEntries(ticked.map((s) => [`scope.${s}`, '1'])),
    });
    expect(finalized.status, 'finalize answers 303').to.equal(303);
    const callback = oauth.validateAuthResponse(this.as, test.client, new URL(finalized.headers.get('location')!), 'st-123');
    return { callback, verifier };
  }

  /** Redeems a code with oauth4webapi; refusals come back as a Refusal. */
  redeemCode(test: TestClient, code: { callback: URLSearchParams; verifier: string }, redirectUri = CALLBACK, resource?: string) {
    const options = { ...insecure, ...(resource === undefined ? {} : { additionalParameters: { resource } }) };
    return settle(
      oauth
        .authorizationCodeGrantRequest(this.as, test.client, test.auth, code.callback, redirectUri, code.verifier, options)
        .then((res) => oauth.processAuthorizationCodeResponse(this.as, test.client, res)),
    );
  }

  refresh(test: TestClient, refreshToken: string, extra: Record<string, string> = {}) {
    return settle(
      oauth
        .refreshTokenGrantRequest(this.as, test.client, test.auth, refreshToken, { ...insecure, additionalParameters: extra })
        .then((res) => oauth.processRefreshTokenResponse(this.as, test.client, res)),
    );
  }

  /** Tokens by the code flow, for tests that start after it. */
  async tokens(test: TestClient): Promise<oauth.TokenEndpointResponse> {
    return expectTokens(await this.redeemCode(test, await this.authorizationCode(test)));
  }

  startDevice(test: TestClient, parameters: Record<string, string> = { scope: SCOPES.join(' ') }) {
    return settle(
      oauth
        .deviceAuthorizationRequest(this.as, test.client, test.auth, parameters, insecure)
        .then((res) => oauth.processDeviceAuthorizationResponse(this.as, test.client, res)),
    );
  }

  pollDevice(test: TestClient, deviceCode: string) {
    return settle(
      oauth
        .deviceCodeGrantRequest(this.as, test.client, test.auth, deviceCode, insecure)
        .then((res) => oauth.processDeviceCodeResponse(this.as, test.client, res)),
    );
  }

  /** The person types the code on the device page and approves or denies it; the answer of the decision. */
  async decideDevice(browser: Browser, userCode: string, decision: 'approve' | 'deny'): Promise<Response> {
    const csrf = await browser.csrf();
    const review = await browser.post('/device', { _csrf: csrf, user_code: userCode });
    expect(review.status, 'the approval page').to.equal(200);
    const scopes = Object.fromEntries(SCOPES.map((s) => [`scope.${s}`, '1']));
    return browser.post('/device/decide', { _csrf: csrf, user_code: userCode, workspace: this.ws, decision, ...scopes });
  }

  /** The status the API answers a bearer access token with. */
  async apiStatus(accessToken: string): Promise<number> {
    return (await fetch(`${this.base}/v1/me/workspaces`, { headers: { Authorization: `Bearer ${accessToken}` } })).status;
  }
}

/** The outcome of an oauth4webapi call: its result, or the refusal it reported. */
export async function settle<R>(call: Promise<R>): Promise<{ ok: R } | { refused: Refusal }> {
  try {
    return { ok: await call };
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) return { refused: { status: error.status, error: error.error, headers: error.response.headers } };
    if (error instanceof oauth.WWWAuthenticateChallengeError) {
      const body = (await error.response.clone().json()) as { error: string };
      return { refused: { status: error.status, error: body.error, headers: error.response.headers } };
    }
    throw error;
  }
}

export function expectRefusal<R>(outcome: { ok: R } | { refused: Refusal }, status: number, error: string): Refusal {
  if ('ok' in outcome) expect.fail(`expected ${status} ${error}, but the request succeeded`);
  expect({ status: outcome.refused.status, error: outcome.refused.error }).to.deep.equal({ status, error });
  expect(outcome.refused.headers.get('cache-control'), 'a refusal is not stored either').to.equal('no-store');
  return outcome.refused;
}

export function expectTokens<R>(outcome: { ok: R } | { refused: Refusal }): R {
  if ('refused' in outcome) expect.fail(`expected tokens, got ${outcome.refused.status} ${outcome.refused.error}`);
  return outcome.ok;
}
