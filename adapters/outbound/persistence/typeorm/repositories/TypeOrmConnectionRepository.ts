import { type DataSource, type Repository } from 'typeorm';
import { type Connection } from '../../../../../domain/connection/Connection';
import { type ConnectionRepository } from '../../../../../domain/connection/ConnectionRepository';
import { ConnectionMapper } from '../mappers/ConnectionMapper';
import { type ConnectionRow, ConnectionSchema } from '../schemas/ConnectionSchema';
import { inList, readDate } from '../sql/Dialect';
import { managerOf } from '../transactionContext';
import { orderByIds } from './orderByIds';

export class TypeOrmConnectionRepository implements ConnectionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inside a unit of work, its transaction's repository: the write commits or rolls back with it. */
  private get rows(): Repository<ConnectionRow> {
    return managerOf(this.dataSource).getRepository(ConnectionSchema);
  }

  async save(connection: Connection): Promise<void> {
    // The primary key is the table's only unique key, so an atomic upsert is safe here.
    await this.rows.upsert(ConnectionMapper.toRow(connection), ['id']);
  }

  async findById(id: string): Promise<Connection | null> {
    const row = await this.rows.findOneBy({ id });
    return row === null ? null : ConnectionMapper.toDomain(row);
  }

  /** Every create and edit of a post asks for its connections: hand-written, one statement. */
  async findByIds(ids: readonly string[]): Promise<Connection[]> {
    if (ids.length === 0) return [];
    const sql = `SELECT id, workspace_id, platform, handle, display_name, status, sandbox, created_at, account_id, publish_as, status_reason, last_error, last_error_at FROM connections WHERE id IN (${inList(ids.length)})`;
    const rows = await managerOf(this.dataSource).query<Array<Record<string, unknown>>>(sql, [...ids]);
    return orderByIds(ids, rows.map(rowOf), (row) => row.id).map(ConnectionMapper.toDomain);
  }

  async listByAccount(workspaceId: string, platform: string, accountId: string): Promise<Connection[]> {
    return (await this.rows.findBy({ workspaceId, platform, accountId })).map(ConnectionMapper.toDomain);
  }

  async findByAccount(workspaceId: string, platform: string, accountId: string, publishAsId: string | null): Promise<Connection | null> {
    const found = (await this.listByAccount(workspaceId, platform, accountId)).find((c) => (c.publishAs?.id ?? null) === publishAsId);
    return found ?? null;
  }

  async listByWorkspace(workspaceId: string, page: { limit: number; offset: number }): Promise<{ items: Connection[]; total: number }> {
    // TypeORM reads `take: 0` as "no limit", so an empty page is answered without asking for rows.
    if (page.limit <= 0) return { items: [], total: await this.rows.countBy({ workspaceId }) };
    const [rows, total] = await this.rows.findAndCount({
      where: { workspaceId },
      order: { createdAt: 'ASC', id: 'ASC' },
      skip: page.offset,
      take: page.limit,
    });
    return { items: rows.map(ConnectionMapper.toDomain), total };
  }
}

const rowOf = (row: Record<string, unknown>): ConnectionRow => ({
  id: row.id as string,
  workspaceId: row.workspace_id as string,
  platform: row.platform as string,
  handle: row.handle as string,
  displayName: (row.display_name as string | null) ?? null,
  status: row.status as string,
  sandbox: Boolean(Number(row.sandbox)),
  createdAt: readDate(row.created_at)!,
  accountId: (row.account_id as string | null) ?? null,
  publishAs: (row.publish_as as string | null) ?? null,
  statusReason: (row.status_reason as string | null) ?? null,
  lastError: (row.last_error as string | null) ?? null,
  lastErrorAt: readDate(row.last_error_at),
});
