import { type DataSource, In, type Repository } from 'typeorm';
import { type Workspace } from '../../../../../domain/workspace/Workspace';
import { type WorkspaceRepository } from '../../../../../domain/workspace/WorkspaceRepository';
import { WorkspaceMapper } from '../mappers/WorkspaceMapper';
import { type WorkspaceRow, WorkspaceSchema } from '../schemas/WorkspaceSchema';
import { isSqlite, managerOf } from '../transactionContext';
import { orderByIds } from './orderByIds';

export class TypeOrmWorkspaceRepository implements WorkspaceRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inside a unit of work, its transaction's repository: the write commits or rolls back with it. */
  private get rows(): Repository<WorkspaceRow> {
    return managerOf(this.dataSource).getRepository(WorkspaceSchema);
  }

  async save(workspace: Workspace): Promise<void> {
    // The primary key is the table's only unique key, so an atomic upsert is safe here.
    await this.rows.upsert(WorkspaceMapper.toRow(workspace), ['id']);
  }

  async findById(id: string): Promise<Workspace | null> {
    const row = await this.rows.findOneBy({ id });
    return row === null ? null : WorkspaceMapper.toDomain(row);
  }

  async findByIds(ids: readonly string[]): Promise<Workspace[]> {
    if (ids.length === 0) return [];
    const rows = await this.rows.findBy({ id: In([...ids]) });
    return orderByIds(ids, rows, (row) => row.id).map(WorkspaceMapper.toDomain);
  }

  /**
   * MySQL: SELECT … FOR UPDATE on the workspace row, a lock held to the end of the
   * transaction (a locking read, so it starts no REPEATABLE READ snapshot: the reads after
   * it see the last holder's commit). SQLite has no row locks and needs none: its unit of
   * work already runs one transaction at a time (docs/decisions.md).
   */
  async lockForMembershipChange(id: string): Promise<Workspace | null> {
    const query = this.rows.createQueryBuilder('workspace').where('workspace.id = :id', { id });
    if (!isSqlite(this.dataSource)) query.setLock('pessimistic_write');
    const row = await query.getOne();
    return row === null ? null : WorkspaceMapper.toDomain(row);
  }
}
