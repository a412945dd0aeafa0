import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type TokenUpkeep } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { callLinkedIn } from './LinkedInHttp';
import { type LinkedInSettings } from './LinkedInOptions';
import { grantFromTokenAnswer } from './linkedInTokenAnswer';
import { accessDueForRenewal, noRefreshToken, oauth2GrantFor } from '../shared/oauth2Upkeep';

/**
 * How long before its expiry an access token is renewed. LinkedIn's access tokens live for
 * days (their `expires_in`), so a day of margin covers a worker that was down for a while.
 */
const RENEW_AHEAD_MS = 24 * 60 * 60 * 1000;

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

export const asOAuth2 = (grant: PlatformGrant): OAuth2Grant => oauth2GrantFor('LinkedIn', grant);

/** Refresh (programmatic refresh tokens, for the apps LinkedIn grants them) and revocation. */
export class LinkedInTokens implements TokenUpkeep {
  constructor(
    private readonly settings: LinkedInSettings,
    private readonly now: () => Date = () => new Date(),
  ) {}

  needsRefresh(grant: PlatformGrant, now: Date): boolean {
    return accessDueForRenewal(asOAuth2(grant), now, RENEW_AHEAD_MS);
  }

  async refresh(grant: PlatformGrant): Promise<GrantResult<PlatformGrant>> {
    const oauth = asOAuth2(grant);
    if (oauth.refreshToken === null) return noRefreshToken('LinkedIn');
    const body = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: oauth.refreshToken,
      client_id: this.settings.clientId,
      client_secret: this.settings.clientSecret,
    });
    const url = `${this.settings.authBaseUrl}/oauth/v2/accessToken`;
    const answer = await callLinkedIn(this.settings, { method: 'POST', url, headers: FORM, body: body.toString() });
    return grantFromTokenAnswer(answer, this.now(), oauth);
  }

  async revoke(grant: PlatformGrant): Promise<void> {
    const oauth = asOAuth2(grant);
    const body = new URLSearchParams({ client_id: this.settings.clientId, client_secret: this.settings.clientSecret, token: oauth.accessToken });
    // Best effort: the connection is removed whatever LinkedIn answers.
    await callLinkedIn(this.settings, { method: 'POST', url: `${this.settings.authBaseUrl}/oauth/v2/revoke`, headers: FORM, body: body.toString() });
  }
}
