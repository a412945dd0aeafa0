import { type PendingSigner, type PendingSigners } from '../../../../application/ports/platforms/PendingSigners';

/** Signers awaiting approval in this process's memory: for the unit tests. */
export class MemoryPendingSigners implements PendingSigners {
  private readonly signers = new Map<string, PendingSigner>();

  async save(signer: PendingSigner): Promise<void> {
    this.signers.set(signer.id, { ...signer });
  }

  async page(afterId: string | null, limit: number): Promise<PendingSigner[]> {
    return [...this.signers.values()]
      .filter((s) => afterId === null || s.id > afterId)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .slice(0, limit);
  }

  async remove(id: string): Promise<boolean> {
    return this.signers.delete(id);
  }
}
