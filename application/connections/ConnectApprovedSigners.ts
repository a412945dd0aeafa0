import { keepAccountConnection } from './keepAccountConnection';
import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { type ConnectionCredentials } from '../ports/platforms/ConnectionCredentials';
import { type PendingSigner, type PendingSigners } from '../ports/platforms/PendingSigners';
import { type SignerStatus } from '../ports/platforms/SignerAuthorization';
import { type UnitOfWork } from '../ports/UnitOfWork';
import { type PlatformConnectors } from './PlatformConnectors';

const BATCH = 100;

/** What a round did; signers still waiting are not counted (the log line is for changes). */
export type SignerSweep = { connected: number; dropped: number };

/**
 * The end of a signer connect: each pending signer asked about (one question at a time per
 * signer in this process; across workers, the one that takes its row makes the connection); approved, the account becomes a connection in the workspace that
 * asked, with the signer as its sealed grant; refused or past its deadline, it is dropped; a
 * question the platform did not answer is asked again next round. Run by the worker's
 * housekeeping (docs/decisions.md, "Connections", Farcaster).
 */
export class ConnectApprovedSigners {
  private readonly asking = new Set<string>();

  constructor(
    private readonly pending: PendingSigners,
    private readonly connectors: PlatformConnectors,
    private readonly connections: ConnectionRepository,
    private readonly credentials: ConnectionCredentials,
    private readonly unitOfWork: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async sweep(): Promise<SignerSweep> {
    const result: SignerSweep = { connected: 0, dropped: 0 };
    for (let after: string | null = null; ; ) {
      const page = await this.pending.page(after, BATCH);
      for (const signer of page) {
        if (this.asking.has(signer.id)) continue;
        this.asking.add(signer.id);
        try {
          const settled = await this.settle(signer);
          if (settled !== 'waiting') result[settled] += 1;
        } finally {
          this.asking.delete(signer.id);
        }
      }
      if (page.length < BATCH) return result;
      after = page[page.length - 1]!.id;
    }
  }

  private async settle(signer: PendingSigner): Promise<keyof SignerSweep | 'waiting'> {
    const authorization = this.connectors.get(signer.platform)?.signer;
    if (authorization === undefined || signer.expiresAt <= this.clock.now()) {
      await this.pending.remove(signer.id);
      return 'dropped';
    }
    let status: SignerStatus;
    try {
      status = await authorization.check(signer.signerId);
    } catch {
      return 'waiting';
    }
    if (status.kind === 'pending' || status.kind === 'unavailable') return 'waiting';
    if (status.kind === 'revoked') {
      await this.pending.remove(signer.id);
      return 'dropped';
    }
    return (await this.connect(signer, status)) ? 'connected' : 'waiting';
  }

  /** The same account connected again in the workspace is the same connection, active again with the new signer. */
  private async connect(signer: PendingSigner, approved: Extract<SignerStatus, { kind: 'approved' }>): Promise<boolean> {
    const { identity, grant } = approved;
    const now = this.clock.now();
    return this.unitOfWork.run(async () => {
      // Taken first: another worker that settled this signer already made the connection.
      if (!(await this.pending.remove(signer.id))) return false;
      const { connections, credentials, ids } = this;
      await keepAccountConnection({ connections, credentials, ids }, { workspaceId: signer.workspaceId, platform: signer.platform, identity, grant, now });
      return true;
    });
  }
}
