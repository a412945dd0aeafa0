import { type GrantFailure } from './GrantFailure';
import { type AccountIdentity } from './AccountIdentity';
import { type PlatformGrant } from './PlatformGrant';

/** A signer made and registered at the platform, waiting for the account to approve it. */
export interface StartedSigner {
  readonly signerId: string;
  /** Where the account's owner approves it (a link or a QR code for the platform's own app). */
  readonly approvalUrl: string;
  /** Past this, the request can no longer be approved. */
  readonly expiresAt: Date;
}

/** What the platform says of a signer now. `unavailable`: it could not be asked (try next round). */
export type SignerStatus =
  | { readonly kind: 'pending' }
  | { readonly kind: 'approved'; readonly identity: AccountIdentity; readonly grant: PlatformGrant }
  | { readonly kind: 'revoked'; readonly reason: string }
  | { readonly kind: 'unavailable'; readonly reason: string };

/**
 * Connecting by a signer the account approves in its own app (Farcaster through Neynar): no
 * callback comes back, so the service asks until it is approved or its request expires.
 */
export interface SignerAuthorization {
  start(): Promise<{ readonly ok: true; readonly signer: StartedSigner } | { readonly ok: false; readonly failure: GrantFailure }>;
  check(signerId: string): Promise<SignerStatus>;
}
