import { expect } from 'chai';
import * as oauth from 'oauth4webapi';
import { type Scope } from '../../../domain/credential/Scope';
import { type ClientGrant } from '../../../domain/oauth/OAuthClient';
import { type Browser, formFields, hiddenField } from './browser';
import { type OAuthService } from './service';

/** The redirect URI the code-flow clients of the refusal tests register (nothing listens there: the tests read the 303). */
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
  /** The `error_description`, when the server sent one. */
  readonly description?: string;
  readonly headers: Headers;
}

export type Outcome<R> = { ok: R } | { refused: Refusal };

/** oauth4webapi against the service (its discovery, issuer and state checks held), a person's grants going to `workspaceId`. */
export class Oauth4WebApi {
  private constructor(
    private readonly service: OAuthService,
    readonly as: oauth.AuthorizationServer,
    private readonly workspaceId: string,
  ) {}

  static async discover(service: OAuthService, workspaceId: string): Promise<Oauth4WebApi> {
    const issuer = new URL(service.baseUrl);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { ...insecure, algorithm: 'oauth2' }));
    return new Oauth4WebApi(service, as, workspaceId);
  }

  /** Registers a client (grants: all three unless told, redirect URI CALLBACK); a confidential one authenticates by `method`. */
  async register(
    clientId: string,
    options: { grants?: ClientGrant[]; confidential?: boolean; method?: 'basic' | 'post'; redirectUris?: string[] } = {},
  ): Promise<TestClient> {
    const secret = await this.service.registerClient(clientId, {
      name: `App ${clientId}`,
      redirectUris: options.redirectUris ?? [CALLBACK],
      grants: options.grants ?? ['authorization_code', 'device_code', 'refresh_token'],
      scopes: SCOPES,
      confidential: options.confidential ?? false,
    });
    const auth = secret === null ? oauth.None() : options.method === 'post' ? oauth.ClientSecretPost(secret) : oauth.ClientSecretBasic(secret);
    return { client: { client_id: clientId }, auth, secret };
  }

  /** The path of an authorization request with PKCE; `overrides` replace (or, as undefined, drop) parameters. */
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

  /** The code flow's front channel: the person (at `browser`, or a browser newly signed in) approves, the callback's parameters validated (state, iss). */
  async authorizationCode(test: TestClient, browser?: Browser, ticked: readonly Scope[] = SCOPES): Promise<{ callback: URLSearchParams; verifier: string }> {
    const verifier = oauth.generateRandomCodeVerifier();
    const person = browser ?? (await this.service.signedIn());
    const consent = await person.get(this.authorizeUrl(test.client.client_id, await oauth.calculatePKCECodeChallenge(verifier)));
    expect(consent.status, 'the consent page').to.equal(200);
    const finalized = await person.post('/oauth/authorize/finalize', {
      _csrf: formFields(consent.text, '/oauth/authorize/finalize')._csrf!,
      ticket: hiddenField(consent.text, 'ticket'),
      workspace: this.workspaceId,
      decision: 'approve',
      ...Object.fromEntries(ticked.map((s) => [`scope.${s}`, '1'])),
    });
    expect(finalized.status, 'finalize answers 303').to.equal(303);
    const callback = oauth.validateAuthResponse(this.as, test.client, new URL(finalized.location!), 'st-123');
    return { callback, verifier };
  }

  /** Redeems a code; a refusal comes back as a Refusal. */
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

  /** Tokens by the code flow (a person newly signed in approving), for tests that start after it. */
  async tokens(test: TestClient, browser?: Browser): Promise<oauth.TokenEndpointResponse> {
    return expectTokens(await this.redeemCode(test, await this.authorizationCode(test, browser)));
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
}

/** The outcome of an oauth4webapi call: its result, or the refusal it reported. */
export async function settle<R>(call: Promise<R>): Promise<Outcome<R>> {
  try {
    return { ok: await call };
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) {
      return { refused: { status: error.status, error: error.error, description: error.error_description, headers: error.response.headers } };
    }
    if (error instanceof oauth.WWWAuthenticateChallengeError) {
      const body = (await error.response.clone().json()) as { error: string };
      return { refused: { status: error.status, error: body.error, headers: error.response.headers } };
    }
    throw error;
  }
}

export function expectRefusal<R>(outcome: Outcome<R>, status: number, error: string): Refusal {
  if ('ok' in outcome) expect.fail(`expected ${status} ${error}, but the request succeeded`);
  expect({ status: outcome.refused.status, error: outcome.refused.error }).to.deep.equal({ status, error });
  expect(outcome.refused.headers.get('cache-control'), 'a refusal is not stored either').to.equal('no-store');
  return outcome.refused;
}

export function expectTokens<R>(outcome: Outcome<R>): R {
  if ('refused' in outcome) expect.fail(`expected tokens, got ${outcome.refused.status} ${outcome.refused.error}`);
  return outcome.ok;
}
