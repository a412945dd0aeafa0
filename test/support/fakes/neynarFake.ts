import { DescribedApi } from './kit/describedApi';
import { type FakeHandler, PlatformFake } from './kit/platformFake';
import { keyed, neynarError, refusal, type ScriptedAnswer, scripted } from './neynarFakeAnswers';
import { castsForUser, publishCast } from './neynarFakeCasts';
import { bulkCasts, lookupCast } from './neynarFakeReads';
import { createSigner, lookupSigner, registerSignedKey, usersByFid } from './neynarFakeSigners';
import { NeynarFakeState } from './neynarFakeState';

/** Each handler behind the app's API key: Neynar answers a wrong one with a 401 before anything else. */
const behindApiKey = (handlers: Record<string, FakeHandler<NeynarFakeState>>) =>
  Object.fromEntries(Object.entries(handlers).map(([operation, handler]) => [operation, (call) => (keyed(call) ? handler(call) : undefined)])) as Record<
    string,
    FakeHandler<NeynarFakeState>
  >;

/**
 * A local stand-in for Neynar's API: every request checked against Neynar's own description
 * (neynar-openapi.yaml), the signed key request's EIP-712 signature verified against the app's
 * custody address, signers generated → pending_approval → approved (by the test) or revoked,
 * casts kept (one per `idem`), and scripted answers for the next matching request.
 */
export class NeynarFake extends PlatformFake<NeynarFakeState, ScriptedAnswer> {
  private constructor(state: NeynarFakeState) {
    super(state, {
      platform: 'Neynar',
      checker: DescribedApi.fixture('neynar-openapi.yaml'),
      operations: behindApiKey({
        'create-signer': createSigner,
        'register-signed-key': registerSignedKey,
        'lookup-signer': lookupSigner,
        'fetch-bulk-users': usersByFid,
        'publish-cast': publishCast,
        'fetch-casts-for-user': castsForUser,
        'fetch-bulk-casts': bulkCasts,
        'lookup-cast-by-hash-or-url': lookupCast,
      }),
      refusal,
      notFound: (request) => neynarError(404, 'NotFound', `No route for ${request.method} ${request.path}`),
      named: scripted,
    });
  }

  static async start(): Promise<NeynarFake> {
    return PlatformFake.listen(new NeynarFake(new NeynarFakeState()));
  }

  /** The account approves a pending signer in its app (the on-chain key add). */
  approve(signerUuid: string, fid = 4242): void {
    const signer = this.state.signers.get(signerUuid);
    if (signer?.status !== 'pending_approval') throw new Error(`signer ${signerUuid} is not pending approval`);
    signer.status = 'approved';
    signer.fid = fid;
  }

  /** The account removes the signer's key. */
  revoke(signerUuid: string): void {
    const signer = this.state.signers.get(signerUuid);
    if (!signer) throw new Error(`no signer ${signerUuid}`);
    signer.status = 'revoked';
  }

  /** The uuid of the only signer made so far (the tests make one at a time). */
  onlySigner(): string {
    const uuids = [...this.state.signers.keys()];
    if (uuids.length !== 1) throw new Error(`expected one signer, found ${uuids.length}`);
    return uuids[0]!;
  }
}
