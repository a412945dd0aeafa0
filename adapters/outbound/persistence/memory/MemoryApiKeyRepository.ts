import { ApiKey, type ApiKeySnapshot } from '../../../../domain/credential/ApiKey';
import { type ApiKeyRepository } from '../../../../domain/credential/ApiKeyRepository';
import { conflict } from '../../../../domain/shared/DomainError';
import { copyOf, oldestFirst } from './ordering';

export class MemoryApiKeyRepository implements ApiKeyRepository {
  private readonly byId = new Map<string, ApiKeySnapshot>();

  async save(key: ApiKey): Promise<void> {
    const snapshot = key.toSnapshot();
    const holder = this.withPrefix(snapshot.lookupPrefix);
    if (holder !== undefined && holder.id !== snapshot.id) {
      throw conflict('lookup_prefix_taken', 'another API key has this lookup prefix');
    }
    this.byId.set(snapshot.id, copyOf(snapshot));
  }

  async findById(id: string): Promise<ApiKey | null> {
    const snapshot = this.byId.get(id);
    return snapshot === undefined ? null : ApiKey.rehydrate(copyOf(snapshot));
  }

  async findByLookupPrefix(prefix: string): Promise<ApiKey | null> {
    const snapshot = this.withPrefix(prefix);
    return snapshot === undefined ? null : ApiKey.rehydrate(copyOf(snapshot));
  }

  async listByWorkspace(workspaceId: string): Promise<ApiKey[]> {
    return [...this.byId.values()]
      .filter((k) => k.workspaceId === workspaceId)
      .sort(oldestFirst((k) => k.id))
      .map((k) => ApiKey.rehydrate(copyOf(k)));
  }

  private withPrefix(prefix: string): ApiKeySnapshot | undefined {
    return [...this.byId.values()].find((k) => k.lookupPrefix === prefix);
  }
}
