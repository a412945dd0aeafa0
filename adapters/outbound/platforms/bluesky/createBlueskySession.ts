import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type AtprotoSessionGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { grantFailureFrom } from './grantFailureFrom';
import { type FetchFunction, sessionAgent } from './sessionAgent';
import { xrpcFailure } from './xrpcFailure';

/** What the user gives to connect Bluesky: the PDS, the account and an app password. */
export interface BlueskyCredentials {
  /** The PDS or entryway, e.g. `https://bsky.social`. */
  readonly service: string;
  /** A handle, a DID or the account's email. */
  readonly identifier: string;
  readonly appPassword: string;
}

/** com.atproto.server.createSession: a login, spent once per connection (and again only when the refresh token died). */
export async function createBlueskySession(credentials: BlueskyCredentials, fetch: FetchFunction): Promise<GrantResult<AtprotoSessionGrant>> {
  try {
    const agent = sessionAgent(credentials.service, null, fetch);
    const { data } = await agent.com.atproto.server.createSession({ identifier: credentials.identifier, password: credentials.appPassword });
    return {
      ok: true,
      grant: {
        kind: 'atproto_session',
        service: credentials.service,
        did: data.did,
        handle: data.handle,
        accessJwt: data.accessJwt,
        refreshJwt: data.refreshJwt,
        appPassword: credentials.appPassword,
      },
    };
  } catch (thrown) {
    return { ok: false, failure: grantFailureFrom(xrpcFailure(thrown)) };
  }
}
