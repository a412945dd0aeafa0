import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type TokenUpkeep } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { callInstagram } from './InstagramHttp';
import { type InstagramSettings } from './InstagramOptions';
import { grantFromLongLivedAnswer } from './instagramTokenAnswer';
import { oauth2GrantFor } from '../shared/oauth2Upkeep';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Renewed when a week or less is left. A long-lived token lives 60 days and may be refreshed
 * once it is a day old, so a token this close to its end is always old enough; a week covers
 * a worker that was down for a while.
 */
const RENEW_AHEAD_MS = 7 * DAY_MS;

export const asOAuth2 = (grant: PlatformGrant): OAuth2Grant => oauth2GrantFor('Instagram', grant);

/**
 * Instagram has no refresh token: the long-lived access token itself is exchanged for a new
 * one (`GET /refresh_access_token?grant_type=ig_refresh_token`) while it is still valid. An
 * expired token cannot be refreshed: the owner connects again.
 */
export class InstagramTokens implements TokenUpkeep {
  constructor(private readonly settings: InstagramSettings) {}

  needsRefresh(grant: PlatformGrant, now: Date): boolean {
    const oauth = asOAuth2(grant);
    if (oauth.accessExpiresAt === null) return false;
    const left = oauth.accessExpiresAt.getTime() - now.getTime();
    return left > 0 && left <= RENEW_AHEAD_MS;
  }

  async refresh(grant: PlatformGrant): Promise<GrantResult<PlatformGrant>> {
    const oauth = asOAuth2(grant);
    if (oauth.accessExpiresAt !== null && oauth.accessExpiresAt.getTime() <= this.settings.now().getTime()) {
      return { ok: false, failure: { kind: 'reconnect', reason: 'the Instagram token has expired: connect the account again' } };
    }
    const params = { grant_type: 'ig_refresh_token', access_token: oauth.accessToken };
    const answer = await callInstagram(this.settings, { method: 'GET', url: `${this.settings.apiBaseUrl}/refresh_access_token`, params });
    return grantFromLongLivedAnswer(answer, this.settings.now(), oauth.scopes);
  }

  /** Instagram offers no token revocation; the owner removes the app in Instagram's settings. */
  async revoke(_grant: PlatformGrant): Promise<void> {}
}
