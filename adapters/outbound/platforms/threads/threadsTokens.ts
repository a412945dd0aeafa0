import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type TokenUpkeep } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PlatformAnswer } from '../kit/http';
import { metaGrantFailure } from '../kit/metaGraph';
import { grantFromTokenAnswer, postTokenForm } from '../kit/oauth2';
import { asOAuth2, callThreads, THREADS_ERRORS, type ThreadsSettings, tokenEndpointOf } from './threadsApi';

/**
 * How long before its expiry a long-lived token is refreshed. It lives 60 days and may be
 * refreshed once a day old, so a week of margin covers a worker that was down for a while
 * and still leaves the token well past its first day.
 */
const RENEW_AHEAD_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The grant of a long-lived token answer (`{access_token, token_type, expires_in}`), from an
 * exchange or a refresh. Threads has no refresh token: the long-lived token refreshes itself
 * until it expires, so `refreshToken` is null and `refreshExpiresAt` is the token's own expiry
 * (the last moment a refresh is possible). Threads names no scopes: `scopes` are kept.
 */
function longLivedGrant(settings: ThreadsSettings, answer: PlatformAnswer, scopes: readonly string[]): GrantResult<OAuth2Grant> {
  const read = tokenAnswer(settings, answer);
  if (!read.ok) return read;
  return { ok: true, grant: { ...read.grant, refreshToken: null, refreshExpiresAt: read.grant.accessExpiresAt, scopes: [...scopes] } };
}

/** A token answer's grant; a refusal is Meta's error object, read as any call's is (a used or expired code asks for the account again). */
function tokenAnswer(settings: ThreadsSettings, answer: PlatformAnswer): GrantResult<OAuth2Grant> {
  if (answer.kind === 'answered' && answer.status === 200) return grantFromTokenAnswer(answer, settings.now(), null, tokenEndpointOf(settings));
  return { ok: false, failure: metaGrantFailure(answer, THREADS_ERRORS, settings.now()) };
}

/**
 * The code for a short-lived token (an hour), exchanged at once for a long-lived one
 * (`GET /access_token?grant_type=th_exchange_token`), which the grant keeps.
 */
export async function exchangeCodeForLongLivedToken(
  settings: ThreadsSettings,
  input: { code: string; redirectUri: string },
  scopes: readonly string[],
): Promise<GrantResult<OAuth2Grant>> {
  const form = { code: input.code, grant_type: 'authorization_code', redirect_uri: input.redirectUri };
  const short = tokenAnswer(settings, await postTokenForm(settings, tokenEndpointOf(settings), form));
  if (!short.ok) return short;
  const params = { grant_type: 'th_exchange_token', client_secret: settings.clientSecret, access_token: short.grant.accessToken };
  return longLivedGrant(settings, await callThreads(settings, 'GET', '/access_token', params), scopes);
}

/**
 * Threads has no refresh token: the long-lived access token itself is refreshed
 * (`th_refresh_token`) while it is unexpired, for another `expires_in`. An expired token
 * cannot be refreshed: the owner connects again. Threads offers no revocation endpoint.
 */
export class ThreadsTokens implements TokenUpkeep {
  constructor(private readonly settings: ThreadsSettings) {}

  needsRefresh(grant: PlatformGrant, now: Date): boolean {
    const { accessExpiresAt } = asOAuth2(grant);
    if (accessExpiresAt === null || accessExpiresAt.getTime() <= now.getTime()) return false;
    return accessExpiresAt.getTime() - now.getTime() <= RENEW_AHEAD_MS;
  }

  async refresh(grant: PlatformGrant): Promise<GrantResult<PlatformGrant>> {
    const oauth = asOAuth2(grant);
    if (oauth.accessExpiresAt !== null && oauth.accessExpiresAt.getTime() <= this.settings.now().getTime()) {
      return { ok: false, failure: { kind: 'reconnect', reason: 'the Threads token has expired and can no longer be refreshed: connect the account again' } };
    }
    const params = { grant_type: 'th_refresh_token', access_token: oauth.accessToken };
    return longLivedGrant(this.settings, await callThreads(this.settings, 'GET', '/refresh_access_token', params), oauth.scopes);
  }

  async revoke(_grant: PlatformGrant): Promise<void> {
    // Threads documents no revocation: the owner removes the app in their Threads settings.
  }
}
