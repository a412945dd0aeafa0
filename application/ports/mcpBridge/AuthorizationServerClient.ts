/** RFC 8628 §3.2, as the bridge needs it. */
export interface DeviceAuthorization {
  readonly deviceCode: string;
  readonly userCode: string;
  readonly verificationUri: string;
  readonly verificationUriComplete: string | null;
  readonly expiresInSeconds: number;
  readonly intervalSeconds: number;
}

export interface IssuedTokens {
  readonly accessToken: string;
  readonly expiresInSeconds: number;
  readonly refreshToken: string | null;
  readonly scope: string | null;
}

/** A poll of the device code: the tokens, or wait (`slow_down`: wait longer from now on). */
export type DevicePoll = { readonly kind: 'tokens'; readonly tokens: IssuedTokens } | { readonly kind: 'pending' } | { readonly kind: 'slow_down' };

/** Which service and client a request is for; `resource` is the MCP server's (RFC 8707). */
export interface ClientOf {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly resource: string;
}

/** The authorization server refused: its OAuth error code (RFC 6749 §5.2) and description. */
export class AuthorizationServerRefusal extends Error {
  constructor(
    readonly error: string,
    readonly description: string | null,
  ) {
    super(description === null ? error : `${error}: ${description}`);
    this.name = 'AuthorizationServerRefusal';
  }
}

/**
 * The service's OAuth endpoints as a public client uses them. Refusals are
 * AuthorizationServerRefusal; a service that cannot be reached is any other error.
 */
export interface AuthorizationServerClient {
  startDeviceAuthorization(client: ClientOf, scope: string | null): Promise<DeviceAuthorization>;
  pollDeviceCode(client: ClientOf, deviceCode: string): Promise<DevicePoll>;
  refresh(client: ClientOf, refreshToken: string): Promise<IssuedTokens>;
  /** RFC 7009; the service ends the token's whole family. */
  revoke(client: ClientOf, token: string, hint: 'refresh_token' | 'access_token'): Promise<void>;
}
