import * as oauth from 'oauth4webapi';
import {
  type AuthorizationServerClient,
  AuthorizationServerRefusal,
  type ClientOf,
  type DeviceAuthorization,
  type DevicePoll,
  type IssuedTokens,
} from '../../../application/ports/mcpBridge/AuthorizationServerClient';

/** How long one request to the authorization server may take. */
const TIMEOUT_MS = 20_000;

/**
 * The service's authorization server through oauth4webapi, as a public client (no secret, the
 * device flow and refresh): its metadata found by RFC 8414 discovery at the base URL, every
 * token request naming the MCP server as its resource (RFC 8707). Plain http is allowed when the
 * base URL is http (a service on this machine); the issuer must be the base URL.
 */
export class OAuth4WebApiClient implements AuthorizationServerClient {
  private readonly metadata = new Map<string, Promise<oauth.AuthorizationServer>>();

  async startDeviceAuthorization(client: ClientOf, scope: string | null): Promise<DeviceAuthorization> {
    const as = await this.discover(client.baseUrl);
    const parameters: Record<string, string> = { resource: client.resource };
    if (scope !== null) parameters.scope = scope;
    const response = await oauth.deviceAuthorizationRequest(as, clientOf(client), oauth.None(), parameters, options(client.baseUrl));
    const answer = await refusals(() => oauth.processDeviceAuthorizationResponse(as, clientOf(client), response));
    return {
      deviceCode: answer.device_code,
      userCode: answer.user_code,
      verificationUri: answer.verification_uri,
      verificationUriComplete: answer.verification_uri_complete ?? null,
      expiresInSeconds: answer.expires_in,
      intervalSeconds: answer.interval ?? 5,
    };
  }

  async pollDeviceCode(client: ClientOf, deviceCode: string): Promise<DevicePoll> {
    const as = await this.discover(client.baseUrl);
    const response = await oauth.deviceCodeGrantRequest(as, clientOf(client), oauth.None(), deviceCode, {
      ...options(client.baseUrl),
      additionalParameters: { resource: client.resource },
    });
    try {
      return { kind: 'tokens', tokens: issued(await oauth.processDeviceCodeResponse(as, clientOf(client), response)) };
    } catch (error) {
      if (error instanceof oauth.ResponseBodyError && error.error === 'authorization_pending') return { kind: 'pending' };
      if (error instanceof oauth.ResponseBodyError && error.error === 'slow_down') return { kind: 'slow_down' };
      throw refusal(error);
    }
  }

  async refresh(client: ClientOf, refreshToken: string): Promise<IssuedTokens> {
    const as = await this.discover(client.baseUrl);
    const response = await oauth.refreshTokenGrantRequest(as, clientOf(client), oauth.None(), refreshToken, {
      ...options(client.baseUrl),
      additionalParameters: { resource: client.resource },
    });
    return issued(await refusals(() => oauth.processRefreshTokenResponse(as, clientOf(client), response)));
  }

  async revoke(client: ClientOf, token: string, hint: 'refresh_token' | 'access_token'): Promise<void> {
    const as = await this.discover(client.baseUrl);
    const response = await oauth.revocationRequest(as, clientOf(client), oauth.None(), token, {
      ...options(client.baseUrl),
      additionalParameters: { token_type_hint: hint },
    });
    await refusals(() => oauth.processRevocationResponse(response));
  }

  private discover(baseUrl: string): Promise<oauth.AuthorizationServer> {
    let found = this.metadata.get(baseUrl);
    if (found === undefined) {
      found = (async () => {
        const issuer = new URL(baseUrl);
        const response = await oauth.discoveryRequest(issuer, { ...options(baseUrl), algorithm: 'oauth2' });
        try {
          return await oauth.processDiscoveryResponse(issuer, response);
        } catch (error) {
          throw notTheIssuer(error, baseUrl) ?? error;
        }
      })();
      found.catch(() => this.metadata.delete(baseUrl));
      this.metadata.set(baseUrl, found);
    }
    return found;
  }
}

const clientOf = (client: ClientOf): oauth.Client => ({ client_id: client.clientId, token_endpoint_auth_method: 'none' });

const options = (baseUrl: string) => ({ [oauth.allowInsecureRequests]: baseUrl.startsWith('http:'), signal: AbortSignal.timeout(TIMEOUT_MS) });

const issued = (tokens: oauth.TokenEndpointResponse): IssuedTokens => ({
  accessToken: tokens.access_token,
  // The service always says; a token that does not is renewed after five minutes.
  expiresInSeconds: tokens.expires_in ?? 300,
  refreshToken: tokens.refresh_token ?? null,
  scope: tokens.scope ?? null,
});

/** The service's OAuth error (RFC 6749 §5.2) as the port's refusal; any other error as it is. */
function refusal(error: unknown): unknown {
  if (error instanceof oauth.ResponseBodyError) return new AuthorizationServerRefusal(error.error, error.error_description ?? null);
  return error;
}

async function refusals<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw refusal(error);
  }
}

/** The service names another issuer: its BASE_URL is not the URL the bridge was given. */
function notTheIssuer(error: unknown, baseUrl: string): Error | null {
  if (!(error instanceof oauth.OperationProcessingError) || error.code !== oauth.JSON_ATTRIBUTE_COMPARISON) return null;
  const issuer = (error.cause as { body?: { issuer?: unknown } } | undefined)?.body?.issuer;
  return new Error(`the service at ${baseUrl} names itself ${String(issuer)} (its BASE_URL): use --url ${String(issuer)}`);
}
