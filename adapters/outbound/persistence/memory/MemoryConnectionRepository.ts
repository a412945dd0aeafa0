import { Connection, type ConnectionSnapshot } from '../../../../domain/connection/Connection';
import { type ConnectionRepository } from '../../../../domain/connection/ConnectionRepository';
import { copyOf, oldestFirst } from './ordering';

export class MemoryConnectionRepository implements ConnectionRepository {
  private readonly byId = new Map<string, ConnectionSnapshot>();

  async save(connection: Connection): Promise<void> {
    const snapshot = connection.toSnapshot();
    this.byId.set(snapshot.id, copyOf(snapshot));
  }

  async findById(id: string): Promise<Connection | null> {
    const snapshot = this.byId.get(id);
    return snapshot === undefined ? null : Connection.rehydrate(copyOf(snapshot));
  }

  /** In the order asked for, each once, unknown ids skipped (as the TypeORM adapter does). */
  async findByIds(ids: readonly string[]): Promise<Connection[]> {
    return [...new Set(ids)].flatMap((id) => {
      const snapshot = this.byId.get(id);
      return snapshot === undefined ? [] : [Connection.rehydrate(copyOf(snapshot))];
    });
  }

  async listByAccount(workspaceId: string, platform: string, accountId: string): Promise<Connection[]> {
    return [...this.byId.values()]
      .filter((c) => c.workspaceId === workspaceId && c.platform === platform && c.accountId === accountId)
      .map((c) => Connection.rehydrate(copyOf(c)));
  }

  async findByAccount(workspaceId: string, platform: string, accountId: string, publishAsId: string | null): Promise<Connection | null> {
    const found = (await this.listByAccount(workspaceId, platform, accountId)).find((c) => (c.publishAs?.id ?? null) === publishAsId);
    return found ?? null;
  }

  async listByWorkspace(workspaceId: string, page: { limit: number; offset: number }): Promise<{ items: Connection[]; total: number }> {
    const all = [...this.byId.values()].filter((c) => c.workspaceId === workspaceId).sort(oldestFirst((c) => c.id));
    const items = page.limit <= 0 ? [] : all.slice(page.offset, page.offset + page.limit);
    return { items: items.map((c) => Connection.rehydrate(copyOf(c))), total: all.length };
  }
}
