import { Membership, type MembershipSnapshot } from '../../../../domain/workspace/Membership';
import { type MembershipRepository } from '../../../../domain/workspace/MembershipRepository';
import { copyOf, oldestFirst } from './ordering';

const keyOf = (workspaceId: string, userId: string): string => `${workspaceId}\u0000${userId}`;

export class MemoryMembershipRepository implements MembershipRepository {
  private readonly byKey = new Map<string, MembershipSnapshot>();

  async save(membership: Membership): Promise<void> {
    const snapshot = membership.toSnapshot();
    this.byKey.set(keyOf(snapshot.workspaceId, snapshot.userId), copyOf(snapshot));
  }

  async find(workspaceId: string, userId: string): Promise<Membership | null> {
    const snapshot = this.byKey.get(keyOf(workspaceId, userId));
    return snapshot === undefined ? null : Membership.rehydrate(copyOf(snapshot));
  }

  async listByUser(userId: string): Promise<Membership[]> {
    return this.list(
      (m) => m.userId === userId,
      (m) => m.workspaceId,
    );
  }

  async listByWorkspace(workspaceId: string): Promise<Membership[]> {
    return this.list(
      (m) => m.workspaceId === workspaceId,
      (m) => m.userId,
    );
  }

  async remove(workspaceId: string, userId: string): Promise<void> {
    this.byKey.delete(keyOf(workspaceId, userId));
  }

  private list(matches: (m: MembershipSnapshot) => boolean, tieBreak: (m: MembershipSnapshot) => string): Membership[] {
    return [...this.byKey.values()]
      .filter(matches)
      .sort(oldestFirst(tieBreak))
      .map((m) => Membership.rehydrate(copyOf(m)));
  }
}
