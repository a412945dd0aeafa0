import { Connection, CONNECTION_STATUSES, type ConnectionPublishAs } from '../../../../../domain/connection/Connection';
import { PLATFORMS } from '../../../../../domain/platform/Platform';
import { type ConnectionRow } from '../schemas/ConnectionSchema';
import { requireDate, requireOneOf } from './RowMappingError';

export const ConnectionMapper = {
  toDomain(row: ConnectionRow): Connection {
    const where = { table: 'connections', key: row.id };
    return Connection.rehydrate({
      id: row.id,
      workspaceId: row.workspaceId,
      // A platform the registry does not know is corrupt data, not a connection to list.
      platform: requireOneOf(PLATFORMS, row.platform, { ...where, column: 'platform' }),
      handle: row.handle,
      displayName: row.displayName ?? null,
      status: requireOneOf(CONNECTION_STATUSES, row.status, { ...where, column: 'status' }),
      // SQLite and MySQL both hand a boolean column back as 0 or 1 in hand-written SQL.
      sandbox: Boolean(Number(row.sandbox)),
      createdAt: requireDate(row.createdAt, { ...where, column: 'created_at' }),
      accountId: row.accountId ?? null,
      publishAs: row.publishAs ? (JSON.parse(row.publishAs) as ConnectionPublishAs) : null,
      statusReason: row.statusReason ?? null,
      lastError: row.lastError ? { message: row.lastError, at: requireDate(row.lastErrorAt, { ...where, column: 'last_error_at' }) } : null,
    });
  },

  toRow(connection: Connection): ConnectionRow {
    const s = connection.toSnapshot();
    return {
      id: s.id,
      workspaceId: s.workspaceId,
      platform: s.platform,
      handle: s.handle,
      displayName: s.displayName,
      status: s.status,
      sandbox: s.sandbox,
      createdAt: s.createdAt,
      accountId: s.accountId,
      publishAs: s.publishAs === null ? null : JSON.stringify(s.publishAs),
      statusReason: s.statusReason,
      lastError: s.lastError?.message ?? null,
      lastErrorAt: s.lastError?.at ?? null,
    };
  },
};
