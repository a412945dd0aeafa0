import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type OAuth2Grant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';

/** The grant as OAuth 2.0; any other kind is a wiring error, named for `platform`. */
export function oauth2GrantFor(platform: string, grant: PlatformGrant): OAuth2Grant {
  if (grant.kind !== 'oauth2') throw new Error(`${platform} takes an OAuth 2.0 grant, not ${grant.kind}`);
  return grant;
}

/**
 * Whether the access token is due for renewal: it expires within `renewAheadMs` of `now`, and
 * a refresh token that has not itself expired can renew it.
 */
export function accessDueForRenewal(oauth: OAuth2Grant, now: Date, renewAheadMs: number): boolean {
  if (oauth.refreshToken === null || oauth.accessExpiresAt === null) return false;
  if (oauth.refreshExpiresAt !== null && oauth.refreshExpiresAt.getTime() <= now.getTime()) return false;
  return oauth.accessExpiresAt.getTime() - now.getTime() <= renewAheadMs;
}

/** A refresh asked of a connection `issuer` gave no refresh token: only connecting again helps. */
export const noRefreshToken = (issuer: string): GrantResult<never> => ({
  ok: false,
  failure: { kind: 'reconnect', reason: `${issuer} issued no refresh token for this connection: connect it again` },
});
