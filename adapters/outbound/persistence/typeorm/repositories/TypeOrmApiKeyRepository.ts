import { type DataSource, type Repository } from 'typeorm';
import { type ApiKey } from '../../../../../domain/credential/ApiKey';
import { type ApiKeyRepository } from '../../../../../domain/credential/ApiKeyRepository';
import { conflict } from '../../../../../domain/shared/DomainError';
import { ApiKeyMapper } from '../mappers/ApiKeyMapper';
import { type ApiKeyRow, ApiKeySchema } from '../schemas/ApiKeySchema';
import { inTransaction, managerOf } from '../transactionContext';
import { isUniqueViolation } from './uniqueViolation';

export class TypeOrmApiKeyRepository implements ApiKeyRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inside a unit of work, its transaction's repository: the write commits or rolls back with it. */
  private get rows(): Repository<ApiKeyRow> {
    return managerOf(this.dataSource).getRepository(ApiKeySchema);
  }

  async save(key: ApiKey): Promise<void> {
    const row = ApiKeyMapper.toRow(key);
    try {
      // Not `upsert`: on MySQL it would also match the lookup_prefix key and overwrite another key.
      // `save` opens a transaction of its own when none is open: one of ours, so SQLite's gate holds it.
      await inTransaction(this.dataSource, (manager) => manager.getRepository(ApiKeySchema).save(row));
    } catch (error) {
      if (isUniqueViolation(error) && (await this.prefixBelongsToAnother(row))) {
        throw conflict('lookup_prefix_taken', 'another API key has this lookup prefix');
      }
      throw error;
    }
  }

  async findById(id: string): Promise<ApiKey | null> {
    const row = await this.rows.findOneBy({ id });
    return row === null ? null : ApiKeyMapper.toDomain(row);
  }

  async findByLookupPrefix(prefix: string): Promise<ApiKey | null> {
    const row = await this.rows.findOneBy({ lookupPrefix: prefix });
    return row === null ? null : ApiKeyMapper.toDomain(row);
  }

  async listByWorkspace(workspaceId: string): Promise<ApiKey[]> {
    const rows = await this.rows.find({ where: { workspaceId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(ApiKeyMapper.toDomain);
  }

  private async prefixBelongsToAnother(row: ApiKeyRow): Promise<boolean> {
    const holder = await this.rows.findOneBy({ lookupPrefix: row.lookupPrefix });
    return holder !== null && holder.id !== row.id;
  }
}
