import { decodeProtectedHeader, errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { type SessionClaims, type SessionForAnotherBaseUrl, type SessionTokens } from '../../../application/ports/SessionTokens';
import { type Clock } from '../../../application/ports/Clock';
import { type Logger } from '../../../application/ports/Logger';
import { type KeyRing } from './KeyRing';

const SESSION_TYPE = 'session+jwt';

/** First-party session JWTs: ES256, `typ` session+jwt, audience = the service itself. */
export class JoseSessionTokens implements SessionTokens {
  constructor(
    private readonly keys: KeyRing,
    private readonly issuer: string,
    private readonly clock: Clock,
    /** Told why a token signed here for another base URL is refused (tests of the signing alone pass none). */
    private readonly logger?: Logger,
  ) {}

  async issue(claims: SessionClaims, ttlSeconds: number): Promise<{ token: string; expiresAt: Date }> {
    const key = await this.keys.signingKey();
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    const token = await new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: this.keys.algorithm, kid: key.kid, typ: SESSION_TYPE })
      .setIssuer(this.issuer)
      .setAudience(this.issuer)
      .setSubject(claims.userId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttlSeconds)
      .sign(key.privateKey);
    return { token, expiresAt: new Date((issuedAt + ttlSeconds) * 1000) };
  }

  async verify(token: string): Promise<SessionClaims | SessionForAnotherBaseUrl | null> {
    let kid: string | undefined;
    try {
      const header = decodeProtectedHeader(token);
      // Another kind of token (an OAuth access token) is told apart before any signature is checked.
      if (header.typ !== SESSION_TYPE) return null;
      kid = header.kid;
    } catch {
      return null;
    }
    const key = kid === undefined ? null : await this.keys.publicKey(kid);
    if (key === null) return null;
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, key, {
        issuer: this.issuer,
        audience: this.issuer,
        algorithms: [this.keys.algorithm],
        typ: SESSION_TYPE,
        requiredClaims: ['sub', 'sid', 'exp', 'iat'],
        currentDate: this.clock.now(),
      }));
    } catch (error) {
      // Signed by our keys, for another base URL: the one refusal its holder can fix, so it is named.
      const issuedFor = issuedForAnotherBaseUrl(error);
      if (issuedFor === null) return null; // expired, tampered or foreign: all simply "not a session"
      this.logger?.warn('session token refused: issued for another base URL', { issuedFor, servedBy: this.issuer });
      return { issuedFor, servedBy: this.issuer };
    }
    return typeof payload.sub === 'string' && typeof payload.sid === 'string' ? { userId: payload.sub, sessionId: payload.sid } : null;
  }
}

/**
 * The base URL a token names, when its signature, type and required claims held and its issuer
 * or audience did not (jose checks the signature first, then iss and aud, then the times).
 */
function issuedForAnotherBaseUrl(error: unknown): string | null {
  if (!(error instanceof errors.JWTClaimValidationFailed) || error instanceof errors.JWTExpired) return null;
  if (error.claim !== 'iss' && error.claim !== 'aud') return null;
  const named = error.claim === 'aud' ? error.payload.aud : error.payload.iss;
  return typeof named === 'string' ? named : null;
}
