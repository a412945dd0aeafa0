import { type GrantFailure, type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { isDeadToken, metaErrorOf, throttledFor } from './instagramErrors';
import { type InstagramAnswer, okBody } from './InstagramHttp';
import { secondsAfter } from '../shared/oauth2TokenAnswer';

/** Permissions as Instagram lists them: a comma separated string, or an array. */
export function scopesOf(permissions: unknown): string[] {
  if (Array.isArray(permissions)) return permissions.filter((p): p is string => typeof p === 'string');
  return typeof permissions === 'string' ? permissions.split(/[\s,]+/).filter((p) => p.length > 0) : [];
}

/**
 * The grant in a long-lived token answer `{access_token, token_type, expires_in}`. Instagram
 * issues no refresh token: the long-lived token renews itself (InstagramTokens), so
 * `refreshToken` and `refreshExpiresAt` are null and the lifetime is Instagram's `expires_in`.
 */
export function grantFromLongLivedAnswer(answer: InstagramAnswer, now: Date, scopes: readonly string[]): GrantResult<OAuth2Grant> {
  if (answer.kind !== 'answered') return { ok: false, failure: { kind: 'retryLater', reason: answer.reason, afterSeconds: 60 } };
  if (answer.status !== 200) return { ok: false, failure: tokenFailure(answer.status, answer.text) };
  const body = okBody(answer);
  if (typeof body?.access_token !== 'string') {
    return { ok: false, failure: { kind: 'retryLater', reason: 'Instagram answered without an access token', afterSeconds: 60 } };
  }
  return {
    ok: true,
    grant: {
      kind: 'oauth2',
      accessToken: body.access_token,
      refreshToken: null,
      accessExpiresAt: secondsAfter(now, body.expires_in),
      refreshExpiresAt: null,
      scopes,
    },
  };
}

/**
 * A refused token request: a dead token (190) or a refused code (400 OAuthException on
 * api.instagram.com) means connecting again; throttling and 5xx are temporary; anything else
 * (a wrong app secret) is `rejected`: reconnecting would not fix it.
 */
export function tokenFailure(status: number, body: string): GrantFailure {
  const error = metaErrorOf(body, status);
  const reason = error.message;
  if (status >= 500 || status === 429) return { kind: 'retryLater', reason, afterSeconds: 60 };
  const throttled = throttledFor(error);
  if (throttled !== null) return { kind: 'retryLater', reason, afterSeconds: throttled };
  if (isDeadToken(error)) return { kind: 'reconnect', reason };
  if (/authorization code|code has been used|expired/i.test(reason)) return { kind: 'reconnect', reason };
  return { kind: 'rejected', reason };
}
