import { type GrantFailure, type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type TokenUpkeep } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type SignerAuthorization, type SignerStatus, type StartedSigner } from '../../../../application/ports/platforms/SignerAuthorization';
import { RETRY_SECONDS } from '../kit/outcomes';
import { asSignerGrant, createSigner, type FarcasterSettings, lookupSigner, type NeynarRead, readAccount, registerSignedKey } from './neynarApi';
import { appAccount, signKeyRequest } from './signedKeyRequest';

type Started = { readonly ok: true; readonly signer: StartedSigner } | { readonly ok: false; readonly failure: GrantFailure };

const failureOf = (read: Extract<NeynarRead<unknown>, { ok: false }>): Started =>
  read.transient
    ? { ok: false, failure: { kind: 'retryLater', reason: read.reason, afterSeconds: RETRY_SECONDS } }
    : { ok: false, failure: { kind: 'rejected', reason: read.reason } };

/**
 * Neynar's developer-managed signer flow: a signer made (`POST /v2/farcaster/signer/`), the app
 * account's signed key request for its public key (EIP-712, until the deadline) registered
 * (`POST /v2/farcaster/signer/signed_key/`), and its approval URL for the account's owner;
 * then its status asked (`GET /v2/farcaster/signer/`) until approved, and the account read.
 */
export class FarcasterSignerAuthorization implements SignerAuthorization {
  /** Derived once, when the service starts: a wrong phrase stops it there, not at the first connect. */
  private readonly account: ReturnType<typeof appAccount>;

  constructor(private readonly settings: FarcasterSettings) {
    this.account = appAccount(settings.appMnemonic);
  }

  async start(): Promise<Started> {
    const created = await createSigner(this.settings);
    if (!created.ok) return failureOf(created);
    const deadline = Math.floor(this.settings.now().getTime() / 1000) + this.settings.approvalSeconds;
    const key = created.value.public_key as `0x${string}`;
    const signature = await signKeyRequest(this.account, { requestFid: this.settings.appFid, key, deadline });
    const registered = await registerSignedKey(this.settings, { signer_uuid: created.value.signer_uuid, signature, app_fid: this.settings.appFid, deadline });
    if (!registered.ok) return failureOf(registered);
    const approvalUrl = registered.value.signer_approval_url;
    if (!approvalUrl)
      return { ok: false, failure: { kind: 'retryLater', reason: 'Neynar registered the signer without an approval URL', afterSeconds: RETRY_SECONDS } };
    return { ok: true, signer: { signerId: created.value.signer_uuid, approvalUrl, expiresAt: new Date(deadline * 1000) } };
  }

  async check(signerId: string): Promise<SignerStatus> {
    const read = await lookupSigner(this.settings, signerId);
    if (!read.ok) return read.transient ? { kind: 'unavailable', reason: read.reason } : { kind: 'revoked', reason: read.reason };
    const signer = read.value;
    if (signer.status === 'revoked') return { kind: 'revoked', reason: 'Neynar: the account revoked the signer' };
    if (signer.status !== 'approved') return { kind: 'pending' };
    if (typeof signer.fid !== 'number') return { kind: 'unavailable', reason: 'Neynar says the signer is approved but names no account' };
    const account = await readAccount(this.settings, signer.fid);
    if (!account.ok) return { kind: 'unavailable', reason: account.reason };
    return {
      kind: 'approved',
      identity: account.value,
      grant: { kind: 'farcaster_signer', signerUuid: signerId, fid: signer.fid, username: account.value.handle },
    };
  }
}

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
    const read = await lookupSigner(this.settings, asSignerGrant(grant).signerUuid);
    if (!read.ok) {
      return read.transient
        ? { ok: false, failure: { kind: 'retryLater', reason: read.reason, afterSeconds: RETRY_SECONDS } }
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
