import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';

/** The moment `seconds` after `now`, or null when the answer gave no finite number. */
export const secondsAfter = (now: Date, seconds: unknown): Date | null =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(now.getTime() + seconds * 1000) : null;

/** The scopes in a token answer's `scope`, split where `separator` matches (each platform writes them its own way). */
export const scopesIn = (scope: unknown, separator: RegExp): string[] => (typeof scope === 'string' ? scope.split(separator).filter((s) => s.length > 0) : []);

/** What a grant is made of in an OAuth 2.0 token answer, its lifetimes in seconds as answered. */
export interface AnsweredTokens {
  readonly accessToken: string;
  readonly expiresIn: unknown;
  readonly refreshToken: unknown;
  readonly refreshExpiresIn: unknown;
  readonly scopes: string[];
}

/**
 * The grant of a token answer. When it brings no new refresh token, `previous`'s refresh token
 * and its expiry are kept; when it names no scopes, `previous`'s.
 */
export function grantKeepingRefresh(answered: AnsweredTokens, now: Date, previous: OAuth2Grant | null): OAuth2Grant {
  const newRefresh = typeof answered.refreshToken === 'string' ? answered.refreshToken : null;
  return {
    kind: 'oauth2',
    accessToken: answered.accessToken,
    refreshToken: newRefresh ?? previous?.refreshToken ?? null,
    accessExpiresAt: secondsAfter(now, answered.expiresIn),
    refreshExpiresAt: newRefresh ? secondsAfter(now, answered.refreshExpiresIn) : (previous?.refreshExpiresAt ?? null),
    scopes: answered.scopes.length > 0 ? answered.scopes : (previous?.scopes ?? []),
  };
}
