import { type ApiKeyCredentials, type ApiKeyWithCreator } from '../../../../application/ports/ApiKeyCredentials';
import { type MemoryApiKeyRepository } from './MemoryApiKeyRepository';
import { type MemoryMembershipRepository } from './MemoryMembershipRepository';

/** The key from the key store, its creator's role from the membership store. */
export class MemoryApiKeyCredentials implements ApiKeyCredentials {
  constructor(
    private readonly apiKeys: MemoryApiKeyRepository,
    private readonly memberships: MemoryMembershipRepository,
  ) {}

  async findByLookupPrefix(prefix: string): Promise<ApiKeyWithCreator | null> {
    const key = await this.apiKeys.findByLookupPrefix(prefix);
    if (key === null) return null;
    const creator = await this.memberships.find(key.workspaceId, key.userId);
    return { key, creatorRole: creator?.role ?? null };
  }
}
