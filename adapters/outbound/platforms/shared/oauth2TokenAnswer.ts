import { type GrantFailure, type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PlatformAnswer, parseJson } from './platformCall';

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

/** How one platform's token answers are read; what is the same for all is in `grantFromOAuth2Answer`. */
export interface TokenAnswerRules {
  /** The platform's name, for messages. */
  readonly platform: string;
  /** The answer's field giving the refresh token's lifetime in seconds. */
  readonly refreshExpiresInField: string;
  /** What stands between the scopes in the answer's `scope`. */
  readonly scopeSeparator: RegExp;
  /** Why a token request answered with another status than 200 was refused. */
  tokenFailure(answer: Extract<PlatformAnswer, { kind: 'answered' }>): GrantFailure;
}

/**
 * The grant in a token answer (a code exchange or a refresh), or why there is none: an
 * unanswered call and an answer without an access token are tried again in a minute.
 */
export function grantFromOAuth2Answer(answer: PlatformAnswer, now: Date, previous: OAuth2Grant | null, rules: TokenAnswerRules): GrantResult<OAuth2Grant> {
  if (answer.kind !== 'answered') return { ok: false, failure: { kind: 'retryLater', reason: answer.reason, afterSeconds: 60 } };
  if (answer.status !== 200) return { ok: false, failure: rules.tokenFailure(answer) };
  const body = parseJson(answer.text) as Record<string, unknown> | null;
  if (typeof body?.access_token !== 'string') {
    return { ok: false, failure: { kind: 'retryLater', reason: `${rules.platform} answered without an access token`, afterSeconds: 60 } };
  }
  const answered = {
    accessToken: body.access_token,
    expiresIn: body.expires_in,
    refreshToken: body.refresh_token,
    refreshExpiresIn: body[rules.refreshExpiresInField],
    scopes: scopesIn(body.scope, rules.scopeSeparator),
  };
  return { ok: true, grant: grantKeepingRefresh(answered, now, previous) };
}
