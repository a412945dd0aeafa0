import { type Connection } from './Connection';

export interface ConnectionRepository {
  save(connection: Connection): Promise<void>;
  findById(id: string): Promise<Connection | null>;
  findByIds(ids: readonly string[]): Promise<Connection[]>;
  /** The workspace's connection of that platform account (and page, organization… it publishes as; null: the account itself). */
  /** Every connection of one platform account in a workspace: the account's own and one per page, board… chosen. */
  listByAccount(workspaceId: string, platform: string, accountId: string): Promise<Connection[]>;
  findByAccount(workspaceId: string, platform: string, accountId: string, publishAsId: string | null): Promise<Connection | null>;
  /** Oldest first, ties broken by id. */
  listByWorkspace(workspaceId: string, page: { limit: number; offset: number }): Promise<{ items: Connection[]; total: number }>;
}
