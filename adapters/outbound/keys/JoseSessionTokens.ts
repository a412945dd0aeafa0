import { decodeProtectedHeader, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { type SessionClaims, type SessionTokens } from '../../../application/ports/SessionTokens';
import { type Clock } from '../../../application/ports/Clock';
import { type KeyRing } from './KeyRing';

const SESSION_TYPE = 'session+jwt';

/** First-party session JWTs: ES256, `typ` session+jwt, audience = the service itself. */
export class JoseSessionTokens implements SessionTokens {
  constructor(
    private readonly keys: KeyRing,
    private readonly issuer: string,
    private readonly clock: Clock,
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

  async verify(token: string): Promise<SessionClaims | null> {
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
    } catch {
      return null; // expired, tampered or foreign: all simply "not a session"
    }
    return typeof payload.sub === 'string' && typeof payload.sid === 'string' ? { userId: payload.sub, sessionId: payload.sid } : null;
  }
}
