import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type TokenUpkeep } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { callPinterest } from './PinterestHttp';
import { type PinterestSettings } from './PinterestOptions';
import { grantFromTokenAnswer } from './pinterestTokenAnswer';
import { accessDueForRenewal, noRefreshToken, oauth2GrantFor } from '../shared/oauth2Upkeep';

/** Pinterest's access tokens live for weeks (their `expires_in`): a day of margin covers a worker that was down. */
const RENEW_AHEAD_MS = 24 * 60 * 60 * 1000;

export const asOAuth2 = (grant: PlatformGrant): OAuth2Grant => oauth2GrantFor('Pinterest', grant);

/** `POST /v5/oauth/token` with the app's client id and secret as HTTP Basic, and a form body. */
export function callTokenEndpoint(settings: PinterestSettings, form: Record<string, string>) {
  const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
  return callPinterest(settings, {
    method: 'POST',
    url: `${settings.apiBaseUrl}/v5/oauth/token`,
    headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

/**
 * Refresh with continuous refresh asked for (`refresh_on=true`): Pinterest then answers with a
 * new refresh token and its lifetime, so a connection lives on as long as it is used. Pinterest
 * offers no revocation: disconnecting forgets the grant.
 */
export class PinterestTokens implements TokenUpkeep {
  constructor(private readonly settings: PinterestSettings) {}

  needsRefresh(grant: PlatformGrant, now: Date): boolean {
    return accessDueForRenewal(asOAuth2(grant), now, RENEW_AHEAD_MS);
  }

  async refresh(grant: PlatformGrant): Promise<GrantResult<PlatformGrant>> {
    const oauth = asOAuth2(grant);
    if (oauth.refreshToken === null) return noRefreshToken('Pinterest');
    const answer = await callTokenEndpoint(this.settings, { grant_type: 'refresh_token', refresh_token: oauth.refreshToken, refresh_on: 'true' });
    return grantFromTokenAnswer(answer, this.settings.now(), oauth);
  }

  async revoke(_grant: PlatformGrant): Promise<void> {}
}
