import { ApiKey } from '../../../../../domain/credential/ApiKey';
import { ALL_SCOPES } from '../../../../../domain/credential/Scope';
import { ROLES } from '../../../../../domain/workspace/Role';
import { type ApiKeyRow } from '../schemas/ApiKeySchema';
import { optionalDate, requireDate, requireOneOf } from './RowMappingError';

export const ApiKeyMapper = {
  toDomain(row: ApiKeyRow): ApiKey {
    const where = { table: 'api_keys', key: row.id };
    return ApiKey.rehydrate({
      id: row.id,
      workspaceId: row.workspaceId,
      userId: row.userId,
      name: row.name,
      role: requireOneOf(ROLES, row.role, { ...where, column: 'role' }),
      scopes: row.scopes.split(' ').filter(Boolean).map((s) => requireOneOf(ALL_SCOPES, s, { ...where, column: 'scopes' })),
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
