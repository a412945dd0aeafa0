import { type DataSource, type Repository } from 'typeorm';
import { type Membership } from '../../../../../domain/workspace/Membership';
import { type MembershipRepository } from '../../../../../domain/workspace/MembershipRepository';
import { MembershipMapper } from '../mappers/MembershipMapper';
import { type MembershipRow, MembershipSchema } from '../schemas/MembershipSchema';
import { managerOf, readerOf } from '../transactionContext';

export class TypeOrmMembershipRepository implements MembershipRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inside a unit of work, its transaction's repository: the write commits or rolls back with it. */
  private get rows(): Repository<MembershipRow> {
    return managerOf(this.dataSource).getRepository(MembershipSchema);
  }

  async save(membership: Membership): Promise<void> {
    // The composite primary key is the only unique key, so an atomic upsert is safe here.
    await this.rows.upsert(MembershipMapper.toRow(membership), ['workspaceId', 'userId']);
  }

  /** Read by every request's access check: on the reading connection (readerOf) outside a unit of work. */
  async find(workspaceId: string, userId: string): Promise<Membership | null> {
    const row = await readerOf(this.dataSource).getRepository(MembershipSchema).findOneBy({ workspaceId, userId });
    return row === null ? null : MembershipMapper.toDomain(row);
  }

  async listByUser(userId: string): Promise<Membership[]> {
    const rows = await this.rows.find({ where: { userId }, order: { createdAt: 'ASC', workspaceId: 'ASC' } });
    return rows.map(MembershipMapper.toDomain);
  }

  async listByWorkspace(workspaceId: string): Promise<Membership[]> {
    const rows = await this.rows.find({ where: { workspaceId }, order: { createdAt: 'ASC', userId: 'ASC' } });
    return rows.map(MembershipMapper.toDomain);
  }

  async remove(workspaceId: string, userId: string): Promise<void> {
    await this.rows.delete({ workspaceId, userId });
  }
}
