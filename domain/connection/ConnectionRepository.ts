import { type Connection } from './Connection';

export interface ConnectionRepository {
  save(connection: Connection): Promise<void>;
  findById(id: string): Promise<Connection | null>;
  findByIds(ids: readonly string[]): Promise<Connection[]>;
  /** Oldest first, ties broken by id. */
  listByWorkspace(workspaceId: string, page: { limit: number; offset: number }): Promise<{ items: Connection[]; total: number }>;
}
