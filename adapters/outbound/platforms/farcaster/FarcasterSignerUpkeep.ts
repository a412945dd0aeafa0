import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type TokenUpkeep } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { asSignerGrant } from './farcasterGrant';
import { type FarcasterSettings } from './FarcasterOptions';
import { lookupSigner } from './neynarSigners';

/**
 * A signer never expires and cannot be renewed. When a cast was refused for its signer, the
 * "renewal" asks Neynar whether the signer is still approved: approved, the cast is tried once
 * more; revoked or not approved, the connection needs reconnecting; no answer, a 429 or a 5xx
 * is only a later retry. Disconnecting forgets the signer: Neynar has no call to drop it (the
 * account removes it in its own app) (docs/decisions.md, "Connections", Farcaster).
 */
export class FarcasterSignerUpkeep implements TokenUpkeep {
  constructor(private readonly settings: FarcasterSettings) {}

  needsRefresh(): boolean {
    return false;
  }

  async refresh(grant: PlatformGrant): Promise<GrantResult<PlatformGrant>> {
    const signer = asSignerGrant(grant);
    const read = await lookupSigner(this.settings, signer.signerUuid);
    if (!read.ok) {
      return read.transient
        ? { ok: false, failure: { kind: 'retryLater', reason: read.reason, afterSeconds: 60 } }
        : { ok: false, failure: { kind: 'reconnect', reason: `${read.reason}; connect the Farcaster account again` } };
    }
    if (read.value.status === 'approved') return { ok: true, grant };
    const reason =
      read.value.status === 'revoked'
        ? 'Neynar: the account revoked this signer; connect the Farcaster account again'
        : `Neynar: the signer is ${read.value.status.replace('_', ' ')}, not approved; connect the Farcaster account again`;
    return { ok: false, failure: { kind: 'reconnect', reason } };
  }

  async revoke(): Promise<void> {
    // Nothing to call: the signer is forgotten with the connection's credentials.
  }
}
