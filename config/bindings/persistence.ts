import { type Container } from 'inversify';
import { type DataSource } from 'typeorm';
import { TypeOrmApiKeyRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmApiKeyRepository';
import { TypeOrmConnectionRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmConnectionRepository';
import { TypeOrmMembershipRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmMembershipRepository';
import { TypeOrmSigningKeyStore } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmSigningKeyStore';
import { TypeOrmUserRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmUserRepository';
import { TypeOrmWorkspaceRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmWorkspaceRepository';
import { TypeOrmIdempotencyStore } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmIdempotencyStore';
import { TypeOrmPostRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmPostRepository';
import { TypeOrmPublishQueue } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmPublishQueue';
import { TypeOrmUnitOfWork } from '../../adapters/outbound/persistence/typeorm/transactionContext';
import { noWriteLock, WriteLock } from '../../adapters/outbound/persistence/typeorm/WriteLock';
import { FileSigningKeyStore } from '../../adapters/outbound/keys/FileSigningKeyStore';
import { type Config } from '../env';
import { TOKENS } from '../tokens';
import path from 'node:path';

/** Repositories on the one DataSource (SQLite or MySQL: the same adapters serve both). */
export function bindPersistence(container: Container, config: Config, dataSource: DataSource): void {
  container.bind(TOKENS.DataSource).toConstantValue(dataSource);
  container.bind(TOKENS.WriteLock).toConstantValue(config.database.kind === 'sqlite' ? new WriteLock() : noWriteLock);
  const repositories = [
    [TOKENS.UserRepository, TypeOrmUserRepository],
    [TOKENS.WorkspaceRepository, TypeOrmWorkspaceRepository],
    [TOKENS.MembershipRepository, TypeOrmMembershipRepository],
    [TOKENS.ApiKeyRepository, TypeOrmApiKeyRepository],
    [TOKENS.ConnectionRepository, TypeOrmConnectionRepository],
    [TOKENS.PostRepository, TypeOrmPostRepository],
    [TOKENS.PublishQueue, TypeOrmPublishQueue],
    [TOKENS.UnitOfWork, TypeOrmUnitOfWork],
    [TOKENS.IdempotencyStore, TypeOrmIdempotencyStore],
  ] as const;
  for (const [token, Repository] of repositories) {
    container.bind(token).toConstantValue(new Repository(dataSource));
  }
  container.bind(TOKENS.SigningKeyStore).toConstantValue(
    config.keyStore === 'file'
      ? new FileSigningKeyStore(path.join(config.dataDir, 'signing-keys.json'))
      : new TypeOrmSigningKeyStore(dataSource),
  );
}
