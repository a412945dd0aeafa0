import { ApiKey } from '../../../../../domain/credential/ApiKey';
import { ALL_SCOPES, type Scope } from '../../../../../domain/credential/Scope';
import { ROLES } from '../../../../../domain/workspace/Role';
import { type ApiKeyRow } from '../schemas/ApiKeySchema';
import { optionalDate, requireDate, requireOneOf } from './RowMappingError';

/**
 * Every authenticated request reads a key's scopes, and keys share a handful of scope lists:
 * each distinct stored text is checked once per process.
 */
const checkedScopes = new Map<string, readonly Scope[]>();

function scopesOf(stored: string, where: { table: string; key: string }): readonly Scope[] {
  let scopes = checkedScopes.get(stored);
  if (scopes === undefined) {
    scopes = Object.freeze(
      stored
        .split(' ')
        .filter(Boolean)
        .map((s) => requireOneOf(ALL_SCOPES, s, { ...where, column: 'scopes' })),
    );
    // Only valid lists are kept, and at most as many as there are subsets worth remembering.
    if (checkedScopes.size < 1024) checkedScopes.set(stored, scopes);
  }
  return scopes;
}

export const ApiKeyMapper = {
  toDomain(row: ApiKeyRow): ApiKey {
    const where = { table: 'api_keys', key: row.id };
    return ApiKey.rehydrate({
      id: row.id,
      workspaceId: row.workspaceId,
      userId: row.userId,
      name: row.name,
      role: requireOneOf(ROLES, row.role, { ...where, column: 'role' }),
      scopes: scopesOf(row.scopes, where),
      lookupPrefix: row.lookupPrefix,
      secretHash: row.secretHash,
      createdAt: requireDate(row.createdAt, { ...where, column: 'created_at' }),
      revokedAt: optionalDate(row.revokedAt, { ...where, column: 'revoked_at' }),
    });
  },

  toRow(key: ApiKey): ApiKeyRow {
    const s = key.toSnapshot();
    return {
      id: s.id,
      workspaceId: s.workspaceId,
      userId: s.userId,
      name: s.name,
      role: s.role,
      scopes: s.scopes.join(' '),
      lookupPrefix: s.lookupPrefix,
      secretHash: s.secretHash,
      createdAt: s.createdAt,
      revokedAt: s.revokedAt,
    };
  },
};
