import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type TokenUpkeep } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { callGoogle, FORM_BODY } from './YouTubeHttp';
import { type YouTubeSettings } from './YouTubeOptions';
import { grantFromTokenAnswer } from './youTubeTokenAnswer';
import { accessDueForRenewal, noRefreshToken, oauth2GrantFor } from '../shared/oauth2Upkeep';

/** Google's access tokens live an hour; renewed five minutes ahead so an upload does not start on a dying one. */
const RENEW_AHEAD_MS = 5 * 60 * 1000;

export const asOAuth2 = (grant: PlatformGrant): OAuth2Grant => oauth2GrantFor('YouTube', grant);

/** Refresh with the (normally unchanging) refresh token, and revocation on disconnect. */
export class YouTubeTokens implements TokenUpkeep {
  constructor(private readonly settings: YouTubeSettings) {}

  needsRefresh(grant: PlatformGrant, now: Date): boolean {
    return accessDueForRenewal(asOAuth2(grant), now, RENEW_AHEAD_MS);
  }

  async refresh(grant: PlatformGrant): Promise<GrantResult<PlatformGrant>> {
    const oauth = asOAuth2(grant);
    if (oauth.refreshToken === null) return noRefreshToken('Google');
    const body = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: oauth.refreshToken,
      client_id: this.settings.clientId,
      client_secret: this.settings.clientSecret,
    });
    const answer = await callGoogle(this.settings, { method: 'POST', url: `${this.settings.tokenBaseUrl}/token`, headers: FORM_BODY, body: body.toString() });
    return grantFromTokenAnswer(answer, this.settings.now(), oauth);
  }

  /** Revoking the refresh token ends the whole grant (its access tokens too); best effort. */
  async revoke(grant: PlatformGrant): Promise<void> {
    const oauth = asOAuth2(grant);
    const body = new URLSearchParams({ token: oauth.refreshToken ?? oauth.accessToken });
    await callGoogle(this.settings, { method: 'POST', url: `${this.settings.tokenBaseUrl}/revoke`, headers: FORM_BODY, body: body.toString() });
  }
}
