/**
 * When a session's access JWT expires, read from its `exp` claim without verifying it (only the
 * PDS can, and it will): null when the token is not a JWT with a numeric `exp`.
 */
export function accessJwtExpiry(accessJwt: string): Date | null {
  const payload = accessJwt.split('.')[1];
  if (payload === undefined) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof claims !== 'object' || claims === null) return null;
    const exp = (claims as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? new Date(exp * 1000) : null;
  } catch {
    return null;
  }
}
