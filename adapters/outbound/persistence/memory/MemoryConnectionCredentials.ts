import { type ConnectionCredentials } from '../../../../application/ports/platforms/ConnectionCredentials';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';

/** Grants in this process's memory: for the unit tests. */
export class MemoryConnectionCredentials implements ConnectionCredentials {
  private readonly grants = new Map<string, PlatformGrant>();

  async save(connectionId: string, grant: PlatformGrant): Promise<void> {
    this.grants.set(connectionId, { ...grant });
  }

  async find(connectionId: string): Promise<PlatformGrant | null> {
    const grant = this.grants.get(connectionId);
    return grant === undefined ? null : { ...grant };
  }

  async remove(connectionId: string): Promise<void> {
    this.grants.delete(connectionId);
  }

  async page(afterConnectionId: string | null, limit: number): Promise<Array<{ connectionId: string; grant: PlatformGrant }>> {
    return [...this.grants.entries()]
      .filter(([id]) => afterConnectionId === null || id > afterConnectionId)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .slice(0, limit)
      .map(([connectionId, grant]) => ({ connectionId, grant: { ...grant } }));
  }
}
