import { expect } from 'chai';
import * as client from 'openid-client';
import { type Browser } from './browser';
import { type OAuthService } from './service';

/** What a person grants in a flow: the workspace, and the scopes asked for (a space-separated string). */
export interface Grant {
  readonly workspaceId: string;
  readonly scope: string;
  /** The resource (RFC 8707) named on every request of the flow; none when absent (the API's). */
  readonly resource?: string;
}

/**
 * A public client driven by openid-client v6, as a web app or an agent runs it against the
 * service: discovery, the code flow with PKCE, the device flow, refresh and revocation.
 */
export class OpenIdClient {
  private constructor(
    private readonly service: OAuthService,
    readonly config: client.Configuration,
  ) {}

  /** openid-client's discovery of the service, for the public client `clientId`. */
  static async discover(service: OAuthService, clientId: string): Promise<OpenIdClient> {
    const config = await client.discovery(new URL(service.baseUrl), clientId, undefined, client.None(), {
      algorithm: 'oauth2',
      execute: [client.allowInsecureRequests],
    });
    return new OpenIdClient(service, config);
  }

  /** An authorization URL with PKCE (S256) and state, to the web app's /callback. */
  async authorizationUrl(grant: Omit<Grant, 'workspaceId'>): Promise<{ url: URL; verifier: string; state: string }> {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(this.config, {
      redirect_uri: this.service.webApp.redirectUri,
      scope: grant.scope,
      state,
      ...(grant.resource === undefined ? {} : { resource: grant.resource }),
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    return { url, verifier, state };
  }

  /**
   * The code flow as a web app runs it: the authorization URL, the person's consent at
   * `browser`, the browser following the 303 to the web app, the code exchanged there with the
   * verifier and the expected state.
   */
  async codeFlow(browser: Browser, grant: Grant): Promise<{ tokens: client.TokenEndpointResponse; callbackUrl: URL; state: string }> {
    const { url, verifier, state } = await this.authorizationUrl(grant);
    const finalized = await browser.consent(url.href, grant.workspaceId);
    expect(finalized.status, finalized.text).to.equal(303);
    expect((await fetch(finalized.location!)).status).to.equal(200);
    const callbackUrl = this.service.webApp.lastCallback;
    const parameters = grant.resource === undefined ? undefined : { resource: grant.resource };
    const tokens = await client.authorizationCodeGrant(this.config, callbackUrl, { pkceCodeVerifier: verifier, expectedState: state }, parameters);
    return { tokens, callbackUrl, state };
  }

  /**
   * The device flow (RFC 8628): the code asked for, the person approving it at `browser` from
   * verification_uri_complete, then openid-client's loop polling at once (the code is approved
   * before its first poll, so nothing waits).
   */
  async deviceFlow(browser: Browser, grant: Grant): Promise<client.TokenEndpointResponse> {
    const parameters: Record<string, string> = { scope: grant.scope };
    if (grant.resource !== undefined) parameters.resource = grant.resource;
    const started = await client.initiateDeviceAuthorization(this.config, parameters);
    const approved = await browser.approveDevice(started.verification_uri_complete!, grant.workspaceId);
    expect(approved.status, approved.text).to.equal(200);
    const extra = grant.resource === undefined ? undefined : { resource: grant.resource };
    return client.pollDeviceAuthorizationGrant(this.config, { ...started, interval: 0 }, extra);
  }

  refresh(refreshToken: string, parameters?: Record<string, string>): Promise<client.TokenEndpointResponse> {
    return client.refreshTokenGrant(this.config, refreshToken, parameters);
  }

  /** Revokes a token's family at the revocation endpoint (RFC 7009). */
  revoke(token: string, parameters?: Record<string, string>): Promise<void> {
    return client.tokenRevocation(this.config, token, parameters);
  }

  introspect(token: string): Promise<client.IntrospectionResponse> {
    return client.tokenIntrospection(this.config, token);
  }
}

/** What a real client's call was refused with: the OAuth error code (anything else is thrown again). */
export async function refusalOf(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (error === null) throw new Error('the call succeeded; a refusal was expected');
  if (!(error instanceof client.ResponseBodyError)) throw error;
  return error.error;
}
