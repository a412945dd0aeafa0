import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type TokenUpkeep } from '../../../../application/ports/platforms/PlatformConnector';
import { type AtprotoSessionGrant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { accessJwtExpiry } from './accessJwtExpiry';
import { createBlueskySession } from './createBlueskySession';
import { grantFailureFrom } from './grantFailureFrom';
import { type FetchFunction, sessionAgent } from './sessionAgent';
import { xrpcFailure } from './xrpcFailure';

/** Renewed this long before the access JWT's `exp`. */
const REFRESH_LEAD_MS = 60_000;

/** Errors of refreshSession that mean the refresh token itself is spent (expired, revoked, rotated away). */
const REFRESH_TOKEN_DEAD = new Set(['ExpiredToken', 'InvalidToken', 'AuthenticationRequired']);

/**
 * A Bluesky session kept alive: refreshSession with the refresh JWT ahead of the access JWT's
 * expiry; a new login with the kept app password only when the refresh token is dead; the
 * connection needs reconnecting only when that login is refused (the app password was revoked).
 */
export class BlueskySessionUpkeep implements TokenUpkeep {
  constructor(private readonly fetch: FetchFunction) {}

  needsRefresh(grant: PlatformGrant, now: Date): boolean {
    if (grant.kind !== 'atproto_session') return false;
    const expiresAt = accessJwtExpiry(grant.accessJwt);
    return expiresAt === null || expiresAt.getTime() - REFRESH_LEAD_MS <= now.getTime();
  }

  async refresh(grant: PlatformGrant): Promise<GrantResult<AtprotoSessionGrant>> {
    if (grant.kind !== 'atproto_session') return { ok: false, failure: { kind: 'rejected', reason: 'not a Bluesky session' } };
    try {
      const { data } = await sessionAgent(grant.service, grant.refreshJwt, this.fetch).com.atproto.server.refreshSession();
      return { ok: true, grant: { ...grant, did: data.did, handle: data.handle, accessJwt: data.accessJwt, refreshJwt: data.refreshJwt } };
    } catch (thrown) {
      const failure = xrpcFailure(thrown);
      if (failure.kind === 'answered' && failure.status < 500 && REFRESH_TOKEN_DEAD.has(failure.error)) {
        return createBlueskySession({ service: grant.service, identifier: grant.did, appPassword: grant.appPassword }, this.fetch);
      }
      return { ok: false, failure: grantFailureFrom(failure) };
    }
  }

  /** com.atproto.server.deleteSession with the refresh JWT; best effort. */
  async revoke(grant: PlatformGrant): Promise<void> {
    if (grant.kind !== 'atproto_session') return;
    try {
      await sessionAgent(grant.service, grant.refreshJwt, this.fetch).com.atproto.server.deleteSession();
    } catch {
      // Best effort (TokenUpkeep): the session ends on its own when its refresh token expires.
    }
  }
}
