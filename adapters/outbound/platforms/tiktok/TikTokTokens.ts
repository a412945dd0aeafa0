import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type TokenUpkeep } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { callTikTok } from './TikTokHttp';
import { type TikTokSettings } from './TikTokOptions';
import { grantFromTokenAnswer, tokenCall } from './tiktokTokenAnswer';
import { accessDueForRenewal, noRefreshToken, oauth2GrantFor } from '../shared/oauth2Upkeep';

/**
 * How long before its expiry an access token is renewed. TikTok's access tokens live for
 * hours (their `expires_in`), so a quarter of an hour covers a publish that follows.
 */
const RENEW_AHEAD_MS = 15 * 60 * 1000;

export const asOAuth2 = (grant: PlatformGrant): OAuth2Grant => oauth2GrantFor('TikTok', grant);

/** Refresh (the refresh token may be replaced: the new one is kept) and revocation. */
export class TikTokTokens implements TokenUpkeep {
  constructor(private readonly settings: TikTokSettings) {}

  needsRefresh(grant: PlatformGrant, now: Date): boolean {
    return accessDueForRenewal(asOAuth2(grant), now, RENEW_AHEAD_MS);
  }

  async refresh(grant: PlatformGrant): Promise<GrantResult<PlatformGrant>> {
    const oauth = asOAuth2(grant);
    if (oauth.refreshToken === null) return noRefreshToken('TikTok');
    const form = new URLSearchParams({
      client_key: this.settings.clientKey,
      client_secret: this.settings.clientSecret,
      grant_type: 'refresh_token',
      refresh_token: oauth.refreshToken,
    });
    return grantFromTokenAnswer(await tokenCall(this.settings, form), this.settings.now(), oauth);
  }

  async revoke(grant: PlatformGrant): Promise<void> {
    const oauth = asOAuth2(grant);
    const form = new URLSearchParams({ client_key: this.settings.clientKey, client_secret: this.settings.clientSecret, token: oauth.accessToken });
    // Best effort: the connection is removed whatever TikTok answers.
    await callTikTok(this.settings, {
      method: 'POST',
      url: `${this.settings.apiBaseUrl}/v2/oauth/revoke/`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
  }
}
