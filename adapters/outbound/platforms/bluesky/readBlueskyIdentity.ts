import { type AccountIdentity } from '../../../../application/ports/platforms/PlatformConnector';
import { type AtprotoSessionGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type FetchFunction, sessionAgent } from './sessionAgent';

/**
 * Who the session belongs to: DID and handle from the session, display name and avatar from
 * app.bsky.actor.getProfile, which the PDS proxies to an app view. A PDS without one (or an app
 * view that fails) leaves them null: the connection works without them.
 */
export async function readBlueskyIdentity(grant: AtprotoSessionGrant, fetch: FetchFunction): Promise<AccountIdentity> {
  const identity = { accountId: grant.did, handle: grant.handle, displayName: null, avatarUrl: null };
  try {
    const { data } = await sessionAgent(grant.service, grant.accessJwt, fetch).app.bsky.actor.getProfile({ actor: grant.did });
    return { ...identity, handle: data.handle, displayName: data.displayName || null, avatarUrl: data.avatar ?? null };
  } catch {
    return identity;
  }
}
