import { type GrantFailure } from '../../../../application/ports/platforms/GrantFailure';
import { type SignerAuthorization, type SignerStatus, type StartedSigner } from '../../../../application/ports/platforms/SignerAuthorization';
import { type FarcasterSettings } from './FarcasterOptions';
import { createSigner, type NeynarRead, lookupSigner, registerSignedKey } from './neynarSigners';
import { readAccount } from './neynarUsers';
import { appAccount, signKeyRequest } from './signedKeyRequest';

type Started = { readonly ok: true; readonly signer: StartedSigner } | { readonly ok: false; readonly failure: GrantFailure };

const failureOf = (read: Extract<NeynarRead<unknown>, { ok: false }>): Started =>
  read.transient
    ? { ok: false, failure: { kind: 'retryLater', reason: read.reason, afterSeconds: 60 } }
    : { ok: false, failure: { kind: 'rejected', reason: read.reason } };

/**
 * Neynar's developer-managed signer flow: a signer made (`POST /v2/farcaster/signer`), the app
 * account's signed key request for its public key (EIP-712, until the deadline) registered
 * (`POST /v2/farcaster/signer/signed_key`), and its approval URL for the account's owner;
 * then its status asked (`GET /v2/farcaster/signer`) until approved, and the account read.
 */
export class FarcasterSignerAuthorization implements SignerAuthorization {
  /** Derived once, when the service starts: a wrong phrase stops it there, not at the first connect. */
  private readonly account: ReturnType<typeof appAccount>;

  constructor(
    private readonly settings: FarcasterSettings,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.account = appAccount(settings.appMnemonic);
  }

  async start(): Promise<Started> {
    const created = await createSigner(this.settings);
    if (!created.ok) return failureOf(created);
    const deadline = Math.floor(this.now().getTime() / 1000) + this.settings.approvalSeconds;
    const signature = await signKeyRequest(this.account, {
      requestFid: this.settings.appFid,
      key: created.value.public_key as `0x${string}`,
      deadline,
    });
    const registered = await registerSignedKey(this.settings, {
      signer_uuid: created.value.signer_uuid,
      signature,
      app_fid: this.settings.appFid,
      deadline,
    });
    if (!registered.ok) return failureOf(registered);
    const approvalUrl = registered.value.signer_approval_url;
    if (!approvalUrl) return { ok: false, failure: { kind: 'retryLater', reason: 'Neynar registered the signer without an approval URL', afterSeconds: 60 } };
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
