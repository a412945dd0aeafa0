import { type ApiKey } from '../../domain/credential/ApiKey';
import { type Role } from '../../domain/workspace/Role';

/** An API key with its creator's live role in the key's workspace (null: no longer a member). */
export interface ApiKeyWithCreator {
  readonly key: ApiKey;
  readonly creatorRole: Role | null;
}

/**
 * What authenticating an API key reads, in one lookup: the key and its creator's LIVE
 * membership (docs/performance.md: one round trip on every request, never a cache that
 * would delay a removal).
 */
export interface ApiKeyCredentials {
  findByLookupPrefix(prefix: string): Promise<ApiKeyWithCreator | null>;
}
