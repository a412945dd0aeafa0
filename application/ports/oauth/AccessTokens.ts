import { type Scope } from '../../../domain/credential/Scope';

/** What an access token says (RFC 9068), as signed. */
export interface AccessTokenClaims {
  readonly userId: string;
  readonly clientId: string;
  readonly workspaceId: string;
  readonly scopes: readonly Scope[];
  /** The audience: the resource the token is for. */
  readonly resource: string;
  readonly grantId: string;
}

/** Signs and verifies the service's OAuth access tokens (RFC 9068 JWTs). */
export interface AccessTokens {
  readonly lifetimeSeconds: number;
  sign(claims: AccessTokenClaims): Promise<string>;
  /** The claims of a token this service signed, unexpired, for one of its resources (`resource` says which); null for anything else. */
  verify(token: string): Promise<(AccessTokenClaims & { readonly expiresAt: Date; readonly issuedAt: Date }) | null>;
}
