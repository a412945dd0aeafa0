import { type DataSource, type Repository } from 'typeorm';
import { conflict } from '../../../../../domain/shared/DomainError';
import { type SigningKeyStore, type StoredSigningKey } from '../../../keys/SigningKeyStore';
import { SigningKeyMapper } from '../mappers/SigningKeyMapper';
import { type SigningKeyRow, SigningKeySchema } from '../schemas/SigningKeySchema';
import { isUniqueViolation } from './uniqueViolation';

export class TypeOrmSigningKeyStore implements SigningKeyStore {
  private readonly rows: Repository<SigningKeyRow>;

  constructor(dataSource: DataSource) {
    this.rows = dataSource.getRepository(SigningKeySchema);
  }

  async list(): Promise<StoredSigningKey[]> {
    const rows = await this.rows.find({ order: { createdAt: 'ASC', kid: 'ASC' } });
    return rows.map(SigningKeyMapper.toStored);
  }

  async add(key: StoredSigningKey): Promise<void> {
    try {
      // A plain insert: a key is never replaced, since tokens signed with it may still be in use.
      await this.rows.insert(SigningKeyMapper.toRow(key));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('signing_key_exists', `a signing key with kid ${key.kid} exists`);
      throw error;
    }
  }

  async remove(kid: string): Promise<void> {
    await this.rows.delete({ kid });
  }
}
