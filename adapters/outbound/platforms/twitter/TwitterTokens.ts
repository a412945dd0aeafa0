import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type TokenUpkeep } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type TwitterSettings } from './TwitterOptions';
import { callTokenEndpoint, grantFromTokenAnswer } from './twitterTokenAnswer';
import { noRefreshToken, oauth2GrantFor } from '../shared/oauth2Upkeep';

/**
 * How long before its expiry an access token is renewed. X's access tokens live two hours
 * (their `expires_in`); ten minutes of margin covers a slow media upload.
 */
const RENEW_AHEAD_MS = 10 * 60 * 1000;

export const asOAuth2 = (grant: PlatformGrant): OAuth2Grant => oauth2GrantFor('X', grant);

/**
 * Refresh with the rotating refresh token (`offline.access`): each is good once, so the grant
 * the refresh returns must be saved before anything else uses it. Revocation is best effort.
 */
export class TwitterTokens implements TokenUpkeep {
  constructor(private readonly settings: TwitterSettings) {}

  needsRefresh(grant: PlatformGrant, now: Date): boolean {
    const oauth = asOAuth2(grant);
    if (oauth.refreshToken === null || oauth.accessExpiresAt === null) return false;
    return oauth.accessExpiresAt.getTime() - now.getTime() <= RENEW_AHEAD_MS;
  }

  async refresh(grant: PlatformGrant): Promise<GrantResult<PlatformGrant>> {
    const oauth = asOAuth2(grant);
    if (oauth.refreshToken === null) return noRefreshToken('X');
    const answer = await callTokenEndpoint(this.settings, '/2/oauth2/token', { grant_type: 'refresh_token', refresh_token: oauth.refreshToken });
    return grantFromTokenAnswer(answer, this.settings.now(), oauth);
  }

  async revoke(grant: PlatformGrant): Promise<void> {
    const oauth = asOAuth2(grant);
    // Best effort: the connection is removed whatever X answers.
    if (oauth.refreshToken !== null) {
      await callTokenEndpoint(this.settings, '/2/oauth2/revoke', { token: oauth.refreshToken, token_type_hint: 'refresh_token' });
    }
    await callTokenEndpoint(this.settings, '/2/oauth2/revoke', { token: oauth.accessToken, token_type_hint: 'access_token' });
  }
}
