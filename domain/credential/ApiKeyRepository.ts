import { type ApiKey } from './ApiKey';

export interface ApiKeyRepository {
  save(key: ApiKey): Promise<void>;
  findById(id: string): Promise<ApiKey | null>;
  findByLookupPrefix(prefix: string): Promise<ApiKey | null>;
  /** Every key of a workspace, revoked ones included: oldest first, ties by id. */
  listByWorkspace(workspaceId: string): Promise<ApiKey[]>;
}
