import { type DataSource } from 'typeorm';
import { type ApiKeyCredentials, type ApiKeyWithCreator } from '../../../../../application/ports/ApiKeyCredentials';
import { ROLES } from '../../../../../domain/workspace/Role';
import { ApiKeyMapper } from '../mappers/ApiKeyMapper';
import { requireOneOf } from '../mappers/RowMappingError';
import { readDate } from '../sql/Dialect';
import { readerOf } from '../transactionContext';

/** The key by its lookup prefix (its one parameter) with its creator's membership. */
export const API_KEY_WITH_CREATOR_SQL =
  'SELECT k.id, k.workspace_id, k.user_id, k.name, k.role, k.scopes, k.lookup_prefix, k.secret_hash, k.created_at, k.revoked_at, ' +
  'm.role AS creator_role FROM api_keys k LEFT JOIN memberships m ON m.workspace_id = k.workspace_id AND m.user_id = k.user_id ' +
  'WHERE k.lookup_prefix = ?';

/**
 * One statement: the key by its lookup prefix (a unique index) and its creator's membership,
 * on the reading connection (readerOf): authenticating never waits for another request's transaction.
 */
export class TypeOrmApiKeyCredentials implements ApiKeyCredentials {
  constructor(private readonly dataSource: DataSource) {}

  async findByLookupPrefix(prefix: string): Promise<ApiKeyWithCreator | null> {
    const [row] = await readerOf(this.dataSource).query<Array<Record<string, unknown>>>(API_KEY_WITH_CREATOR_SQL, [prefix]);
    return row === undefined ? null : apiKeyWithCreatorOf(row);
  }
}

/** API_KEY_WITH_CREATOR_SQL's row, every stored value checked. */
export function apiKeyWithCreatorOf(row: Record<string, unknown>): ApiKeyWithCreator {
  const key = ApiKeyMapper.toDomain({
    id: row.id as string,
    workspaceId: row.workspace_id as string,
    userId: row.user_id as string,
    name: row.name as string,
    role: row.role as string,
    scopes: row.scopes as string,
    lookupPrefix: row.lookup_prefix as string,
    secretHash: row.secret_hash as string,
    createdAt: readDate(row.created_at)!,
    revokedAt: readDate(row.revoked_at),
  });
  const creatorRole =
    row.creator_role === null || row.creator_role === undefined
      ? null
      : requireOneOf(ROLES, row.creator_role as string, { table: 'memberships', key: `${key.workspaceId}/${key.userId}`, column: 'role' });
  return { key, creatorRole };
}
