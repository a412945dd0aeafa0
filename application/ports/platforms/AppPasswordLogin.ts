import { type GrantFailure } from './GrantFailure';
import { type AccountIdentity } from './PlatformConnector';
import { type AtprotoSessionGrant } from './PlatformGrant';

/** Bluesky's way in: one login with an app password makes a session that is then refreshed. */
export interface AppPasswordLogin {
  login(input: {
    service: string;
    handle: string;
    appPassword: string;
  }): Promise<
    { readonly ok: true; readonly grant: AtprotoSessionGrant; readonly identity: AccountIdentity } | { readonly ok: false; readonly failure: GrantFailure }
  >;
}
