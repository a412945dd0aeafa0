/**
 * What a platform granted a connection, typed by how the platform authenticates: never
 * tokens packed into strings. Kept encrypted at rest (AES-256-GCM under SECRET_KEY).
 */
export type PlatformGrant = OAuth2Grant | AtprotoSessionGrant | FarcasterSignerGrant;

/** An OAuth 2.0 grant: the lifetimes are the platform's own `expires_in`, never assumed. */
export interface OAuth2Grant {
  readonly kind: 'oauth2';
  readonly accessToken: string;
  /** Null where the platform issues none (the grant then ends at `expiresAt`). */
  readonly refreshToken: string | null;
  readonly accessExpiresAt: Date | null;
  readonly refreshExpiresAt: Date | null;
  readonly scopes: readonly string[];
}

/**
 * A Bluesky (AT Protocol) session, made once from an app password and refreshed: never a
 * login per post. The app password is kept for a new login when the refresh token itself has
 * expired; a refused login means the password was revoked (reconnect).
 */
export interface AtprotoSessionGrant {
  readonly kind: 'atproto_session';
  /** The PDS, e.g. `https://bsky.social`. */
  readonly service: string;
  readonly did: string;
  readonly handle: string;
  readonly accessJwt: string;
  readonly refreshJwt: string;
  readonly appPassword: string;
}

/**
 * A Farcaster signer Neynar keeps for the account (a managed signer): named by its uuid, which
 * only works with the API key that created it. It never expires; the account may revoke it.
 */
export interface FarcasterSignerGrant {
  readonly kind: 'farcaster_signer';
  readonly signerUuid: string;
  readonly fid: number;
  /** The account's username when it was connected, for the casts' addresses. */
  readonly username: string;
}
