import { randomUUID } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { type Clock } from '../../../application/ports/Clock';
import { type AccessTokenClaims, type AccessTokens } from '../../../application/ports/oauth/AccessTokens';
import { isScope, type Scope } from '../../../domain/credential/Scope';
import { VerifiedTokens } from './VerifiedTokens';
import { type KeyRing } from './KeyRing';

/** RFC 9068 §2.1: the type that sets an access token apart from every other JWT we sign. */
const ACCESS_TOKEN_TYPE = 'at+jwt';
export const DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS = 600;

export interface AccessTokenSettings {
  /** BASE_URL: `iss` of every token. */
  readonly issuer: string;
  /**
   * The audiences accepted: the resources tokens are issued for (RFC 8707; the API, the MCP
   * server). Which one a request may use is its resource server's check (VerifyAccessToken).
   */
  readonly resource: string | readonly string[];
  readonly lifetimeSeconds?: number;
}

/** The OAuth access tokens (RFC 9068 JWTs): ES256, typ at+jwt, signed and checked with the KeyRing. */
export class JoseAccessTokens implements AccessTokens {
  readonly lifetimeSeconds: number;
  private readonly verified = new VerifiedTokens<VerifiedClaims>();
  private readonly audiences: string[];

  constructor(
    private readonly keys: KeyRing,
    private readonly settings: AccessTokenSettings,
    private readonly clock: Clock,
  ) {
    this.lifetimeSeconds = settings.lifetimeSeconds ?? DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS;
    this.audiences = typeof settings.resource === 'string' ? [settings.resource] : [...settings.resource];
  }

  async sign(claims: AccessTokenClaims): Promise<string> {
    const key = await this.keys.signingKey();
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ client_id: claims.clientId, scope: claims.scopes.join(' '), workspace_id: claims.workspaceId, grant_id: claims.grantId })
      .setProtectedHeader({ alg: this.keys.algorithm, kid: key.kid, typ: ACCESS_TOKEN_TYPE })
      .setIssuer(this.settings.issuer)
      .setSubject(claims.userId)
      .setAudience(claims.resource)
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.lifetimeSeconds)
      .sign(key.privateKey);
  }

  async verify(token: string): Promise<VerifiedClaims | null> {
    const known = this.verified.get(token, this.clock.now());
    if (known !== null) return known;
    const claims = await this.check(token);
    return claims === null ? null : this.verified.keep(token, claims);
  }

  private async check(token: string): Promise<VerifiedClaims | null> {
    let kid: string | undefined;
    try {
      const header = decodeProtectedHeader(token);
      // Exactly at+jwt: jose would also take "application/at+jwt", which we never sign.
      if (header.typ !== ACCESS_TOKEN_TYPE) return null;
      kid = header.kid;
    } catch {
      return null;
    }
    const key = typeof kid === 'string' ? await this.keys.publicKey(kid) : null;
    if (key === null) return null;
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, key, {
        issuer: this.settings.issuer,
        audience: this.audiences,
        algorithms: [this.keys.algorithm],
        typ: ACCESS_TOKEN_TYPE,
        requiredClaims: ['sub', 'aud', 'client_id', 'scope', 'workspace_id', 'grant_id', 'jti', 'iat', 'exp'],
        currentDate: this.clock.now(),
      }));
    } catch {
      return null; // expired, tampered, foreign or another kind of token: all "not an access token"
    }
    // jose checks iat only with maxTokenAge: a token from the future is not one we signed.
    if (typeof payload.iat !== 'number' || payload.iat * 1000 > this.clock.now().getTime()) return null;
    return claimsOf(payload, this.audiences);
  }
}

type VerifiedClaims = AccessTokenClaims & { readonly expiresAt: Date; readonly issuedAt: Date };

function claimsOf(payload: JWTPayload, audiences: readonly string[]): VerifiedClaims | null {
  const { sub, client_id, scope, workspace_id, grant_id, exp, iat, aud } = payload;
  // We sign one audience, a string: the resource the token is bound to.
  if (typeof aud !== 'string' || !audiences.includes(aud)) return null;
  const resource = aud;
  const strings = [sub, client_id, scope, workspace_id, grant_id];
  if (!strings.every((v): v is string => typeof v === 'string' && v !== '')) return null;
  if (typeof exp !== 'number' || typeof iat !== 'number') return null;
  const words = (scope as string).split(' ').filter(Boolean);
  if (!words.every(isScope)) return null;
  return {
    userId: sub as string,
    clientId: client_id as string,
    workspaceId: workspace_id as string,
    scopes: words as Scope[],
    resource,
    grantId: grant_id as string,
    issuedAt: new Date(iat * 1000),
    expiresAt: new Date(exp * 1000),
  };
}
