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
}
