import { type AuthorizationServerClient } from '../ports/mcpBridge/AuthorizationServerClient';
import { type StoredSignIns } from '../ports/mcpBridge/StoredSignIns';
import { clientOf } from './SignedInBearer';

export type SignOutOutcome =
  | { readonly kind: 'not_signed_in' }
  | { readonly kind: 'signed_out' }
  /** Removed here, but the service could not be told: the refresh token lives until it expires. */
  | { readonly kind: 'kept_by_service'; readonly cause: unknown };

/**
 * Ends the sign-in to a service: revokes its refresh token (RFC 7009; the service ends the whole
 * family, access tokens included) and removes it from the store, even when the service cannot be reached.
 */
export class SignOut {
  constructor(
    private readonly signIns: StoredSignIns,
    private readonly server: AuthorizationServerClient,
  ) {}

  execute(baseUrl: string): Promise<SignOutOutcome> {
    return this.signIns.exclusive(async () => {
      const signIn = await this.signIns.find(baseUrl);
      if (signIn === null) return { kind: 'not_signed_in' };
      let cause: unknown = null;
      try {
        if (signIn.refreshToken !== null) await this.server.revoke(clientOf(signIn), signIn.refreshToken, 'refresh_token');
        else await this.server.revoke(clientOf(signIn), signIn.accessToken, 'access_token');
      } catch (error) {
        cause = error;
      }
      await this.signIns.remove(baseUrl);
      return cause === null ? { kind: 'signed_out' } : { kind: 'kept_by_service', cause };
    });
  }
}
