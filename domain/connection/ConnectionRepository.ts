import { type Connection } from './Connection';

export interface ConnectionRepository {
  save(connection: Connection): Promise<void>;
  findById(id: string): Promise<Connection | null>;
  findByIds(ids: readonly string[]): Promise<Connection[]>;
  /** The workspace's connection of that platform account (and page, organization… it publishes as; null: the account itself). */
  findByAccount(workspaceId: string, platform: string, accountId: string, publishAsId: string | null): Promise<Connection | null>;
  /** Oldest first, ties broken by id. */
  listByWorkspace(workspaceId: string, page: { limit: number; offset: number }): Promise<{ items: Connection[]; total: number }>;
}
