import { type Scope } from '../credential/Scope';

/**
 * A token family: what one person granted one client for one workspace, by a code or a device
 * approval. Every refresh token rotated from it and every access token signed for it carries its
 * id, so revoking the grant ends them all (docs/decisions.md, "OAuth server").
 */
export interface TokenGrant {
  readonly id: string;
  readonly clientId: string;
  readonly userId: string;
  readonly workspaceId: string;
  readonly scopes: readonly Scope[];
  readonly resource: string;
  readonly createdAt: Date;
  /** The absolute end: rotation never extends it. */
  readonly expiresAt: Date;
  readonly revokedAt: Date | null;
}

export const isGrantLive = (grant: TokenGrant, now: Date): boolean => grant.revokedAt === null && now < grant.expiresAt;

/** One use of a refresh token; the next one is minted on use, this one consumed (rotation). */
export interface RefreshTokenRecord {
  readonly tokenHash: string;
  readonly grantId: string;
  readonly clientId: string;
  readonly createdAt: Date;
  /** The idle end: unused this long, it dies. */
  readonly expiresAt: Date;
  readonly consumedAt: Date | null;
}

/** An authorization code (60 s, single use), bound to everything the token request must repeat. */
export interface AuthorizationCodeRecord {
  readonly codeHash: string;
  readonly grantId: string;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly resource: string;
  /** What the person decided on the consent page. */
  readonly userId: string;
  readonly workspaceId: string;
  readonly scopes: readonly Scope[];
  readonly expiresAt: Date;
  readonly consumedAt: Date | null;
}
