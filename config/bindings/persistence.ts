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
import { EncryptedIdempotencyStore } from '../../adapters/outbound/keys/EncryptedIdempotencyStore';
import { FileSigningKeyStore } from '../../adapters/outbound/keys/FileSigningKeyStore';
import { SecretBox } from '../../adapters/outbound/keys/SecretBox';
import { type IdempotencyStore } from '../../application/ports/IdempotencyStore';
import { type Logger } from '../../application/ports/Logger';
import { type Config } from '../env';
import { resolveSecretKey } from '../secretKey';
import { TOKENS } from '../tokens';
import path from 'node:path';

/** Repositories on the one DataSource (SQLite or MySQL: the same adapters serve both). */
export function bindPersistence(container: Container, config: Config, dataSource: DataSource): void {
  container.bind(TOKENS.DataSource).toConstantValue(dataSource);
  const repositories = [
    [TOKENS.UserRepository, TypeOrmUserRepository],
    [TOKENS.WorkspaceRepository, TypeOrmWorkspaceRepository],
    [TOKENS.MembershipRepository, TypeOrmMembershipRepository],
    [TOKENS.ApiKeyRepository, TypeOrmApiKeyRepository],
    [TOKENS.ConnectionRepository, TypeOrmConnectionRepository],
    [TOKENS.PostRepository, TypeOrmPostRepository],
    [TOKENS.PublishQueue, TypeOrmPublishQueue],
    [TOKENS.UnitOfWork, TypeOrmUnitOfWork],
  ] as const;
  for (const [token, Repository] of repositories) {
    container.bind(token).toConstantValue(new Repository(dataSource));
  }
  // Resolved on first use (the HTTP app), like the KeyRing: SECRET_KEY is read, or generated
  // into the data directory, only by an entry point that needs it.
  container
    .bind(TOKENS.IdempotencyStore)
    .toResolvedValue((logger: Logger) => idempotencyStore(config, dataSource, logger), [TOKENS.Logger])
    .inSingletonScope();
  container.bind(TOKENS.SigningKeyStore).toConstantValue(
    config.keyStore === 'file'
      ? new FileSigningKeyStore(path.join(config.dataDir, 'signing-keys.json'))
      : new TypeOrmSigningKeyStore(dataSource),
  );
}

/** Responses sealed under SECRET_KEY: they can hold a new API key's secret. */
function idempotencyStore(config: Config, dataSource: DataSource, logger: Logger): IdempotencyStore {
  return new EncryptedIdempotencyStore(new TypeOrmIdempotencyStore(dataSource, logger), new SecretBox(resolveSecretKey(config)));
}
