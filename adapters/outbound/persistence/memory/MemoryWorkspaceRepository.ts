import { Workspace, type WorkspaceSnapshot } from '../../../../domain/workspace/Workspace';
import { type WorkspaceRepository } from '../../../../domain/workspace/WorkspaceRepository';
import { copyOf } from './ordering';

export class MemoryWorkspaceRepository implements WorkspaceRepository {
  private readonly byId = new Map<string, WorkspaceSnapshot>();

  async save(workspace: Workspace): Promise<void> {
    const snapshot = workspace.toSnapshot();
    this.byId.set(snapshot.id, copyOf(snapshot));
  }

  async findById(id: string): Promise<Workspace | null> {
    const snapshot = this.byId.get(id);
    return snapshot === undefined ? null : Workspace.rehydrate(copyOf(snapshot));
  }

  /** In the order asked for, each once, unknown ids skipped (as the TypeORM adapter does). */
  async findByIds(ids: readonly string[]): Promise<Workspace[]> {
    return [...new Set(ids)].flatMap((id) => {
      const snapshot = this.byId.get(id);
      return snapshot === undefined ? [] : [Workspace.rehydrate(copyOf(snapshot))];
    });
  }

  /** No lock to take: the in-memory adapters serve single-caller unit tests (see MemoryUnitOfWork). */
  lockForMembershipChange(id: string): Promise<Workspace | null> {
    return this.findById(id);
  }
}
