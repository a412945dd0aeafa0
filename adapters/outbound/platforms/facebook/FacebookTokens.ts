import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type TokenUpkeep } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { graphDelete } from './FacebookHttp';
import { type FacebookSettings } from './FacebookOptions';
import { asOAuth2, longLivedGrant } from './facebookUserTokens';

/**
 * How long before its expiry a long-lived user token is renewed. It lives about 60 days and
 * cannot be exchanged once expired, so a week of margin covers a worker that was down a while.
 */
const RENEW_AHEAD_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Facebook issues no refresh token. A still valid long-lived user token is exchanged again
 * (`fb_exchange_token`); whether Facebook extends it is its call, so the answer's own
 * `expires_in` is kept as it is. An expired or invalidated token (a changed password, the app
 * removed) cannot be exchanged, and the owner connects again.
 */
export class FacebookTokens implements TokenUpkeep {
  constructor(private readonly settings: FacebookSettings) {}

  needsRefresh(grant: PlatformGrant, now: Date): boolean {
    const { accessExpiresAt } = asOAuth2(grant);
    if (accessExpiresAt === null || accessExpiresAt.getTime() <= now.getTime()) return false;
    return accessExpiresAt.getTime() - now.getTime() <= RENEW_AHEAD_MS;
  }

  async refresh(grant: PlatformGrant): Promise<GrantResult<PlatformGrant>> {
    const oauth = asOAuth2(grant);
    if (oauth.accessExpiresAt !== null && oauth.accessExpiresAt.getTime() <= this.settings.now().getTime()) {
      return { ok: false, failure: { kind: 'reconnect', reason: 'the Facebook token has expired and cannot be renewed: connect the account again' } };
    }
    return longLivedGrant(this.settings, oauth.accessToken, oauth.scopes);
  }

  /** `DELETE /me/permissions`: the app is removed from the person's account (best effort). */
  async revoke(grant: PlatformGrant): Promise<void> {
    await graphDelete(this.settings, '/me/permissions', asOAuth2(grant).accessToken);
  }
}
