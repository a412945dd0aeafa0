import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type TokenUpkeep } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { getThreads } from './ThreadsHttp';
import { type ThreadsSettings } from './ThreadsOptions';
import { longLivedGrant } from './threadsTokenAnswer';
import { oauth2GrantFor } from '../shared/oauth2Upkeep';

/**
 * How long before its expiry a long-lived token is refreshed. It lives 60 days and may be
 * refreshed once a day old, so a week of margin covers a worker that was down for a while
 * and still leaves the token well past its first day.
 */
const RENEW_AHEAD_MS = 7 * 24 * 60 * 60 * 1000;

export const asOAuth2 = (grant: PlatformGrant): OAuth2Grant => oauth2GrantFor('Threads', grant);

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
    const now = this.settings.now();
    if (oauth.accessExpiresAt !== null && oauth.accessExpiresAt.getTime() <= now.getTime()) {
      return { ok: false, failure: { kind: 'reconnect', reason: 'the Threads token has expired and can no longer be refreshed: connect the account again' } };
    }
    const answer = await getThreads(this.settings, '/refresh_access_token', { grant_type: 'th_refresh_token', access_token: oauth.accessToken });
    return longLivedGrant(answer, now, oauth.scopes, false);
  }

  async revoke(_grant: PlatformGrant): Promise<void> {
    // Threads documents no revocation: the owner removes the app in their Threads settings.
  }
}
