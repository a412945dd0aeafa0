import path from 'node:path';
import { type DataSource } from 'typeorm';
import { EncryptedIdempotencyStore } from '../../adapters/outbound/keys/EncryptedIdempotencyStore';
import { FileSigningKeyStore } from '../../adapters/outbound/keys/FileSigningKeyStore';
import { SecretBox } from '../../adapters/outbound/keys/SecretBox';
import { DatabaseHealthCheck } from '../../adapters/outbound/persistence/typeorm/DatabaseHealthCheck';
import { TypeOrmAttemptLog } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmAttemptLog';
import { TypeOrmApiKeyCredentials } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmApiKeyCredentials';
import { TypeOrmApiKeyRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmApiKeyRepository';
import { TypeOrmConnectionRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmConnectionRepository';
import { TypeOrmInboundEventLog } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmInboundEventLog';
import { TypeOrmIdempotencyStore } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmIdempotencyStore';
import { TypeOrmMembershipRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmMembershipRepository';
import { TypeOrmPostRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmPostRepository';
import { TypeOrmPostViews } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmPostViews';
import { driverReadsOf } from '../../adapters/outbound/persistence/prepared/driverReadsOf';
import { PreparedApiKeyCredentials } from '../../adapters/outbound/persistence/prepared/PreparedApiKeyCredentials';
import { PreparedPostViews } from '../../adapters/outbound/persistence/prepared/PreparedPostViews';
import { dialectOf } from '../../adapters/outbound/persistence/typeorm/sql/Dialect';
import { TypeOrmConnectionCredentials } from '../../adapters/outbound/persistence/typeorm/credentials/TypeOrmConnectionCredentials';
import { TypeOrmTargetMetrics } from '../../adapters/outbound/persistence/typeorm/analytics/TypeOrmTargetMetrics';
import { TypeOrmAnalyticsViews } from '../../adapters/outbound/persistence/typeorm/analytics/TypeOrmAnalyticsViews';
import { TypeOrmSandboxPosts } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmSandboxPosts';
import { TypeOrmPublishQueue } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmPublishQueue';
import { TypeOrmConsentTickets } from '../../adapters/outbound/persistence/typeorm/oauth/TypeOrmConsentTickets';
import { TypeOrmDeviceAuthorizations } from '../../adapters/outbound/persistence/typeorm/oauth/TypeOrmDeviceAuthorizations';
import { TypeOrmOAuthClients } from '../../adapters/outbound/persistence/typeorm/oauth/TypeOrmOAuthClients';
import { TypeOrmTokenGrants } from '../../adapters/outbound/persistence/typeorm/oauth/TypeOrmTokenGrants';
import { TypeOrmSessionStore } from '../../adapters/outbound/persistence/typeorm/oauth/TypeOrmSessionStore';
import { TypeOrmSigningKeyStore } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmSigningKeyStore';
import { TypeOrmUserRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmUserRepository';
import { TypeOrmWorkspaceRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmWorkspaceRepository';
import { InFlightIdempotencyKeys } from '../../adapters/outbound/persistence/typeorm/InFlightIdempotencyKeys';
import { isSqlite, TypeOrmUnitOfWork } from '../../adapters/outbound/persistence/typeorm/transactionContext';
import { type HealthCheck } from '../../application/ports/HealthCheck';
import { type Config } from '../env';
import { resolveSecretKey } from '../secretKey';
import { TOKENS as T } from '../tokens';
import { type Wiring } from '../Wiring';

/** Repositories on the one DataSource (SQLite or MySQL: the same adapters serve both). Returns its health check. */
export function bindDatabasePersistence(w: Wiring, config: Config, dataSource: DataSource): HealthCheck {
  // The hottest reads (credential, posts.get, posts.list) on the driver's prepared statements;
  // TypeORM serves them inside a unit of work (docs/decisions.md, "Reads on prepared statements").
  const driverReads = driverReadsOf(dataSource);
  w.value(T.DataSource, dataSource);
  w.value(T.UserRepository, new TypeOrmUserRepository(dataSource));
  w.value(T.WorkspaceRepository, new TypeOrmWorkspaceRepository(dataSource));
  w.value(T.MembershipRepository, new TypeOrmMembershipRepository(dataSource));
  w.value(T.ApiKeyRepository, new TypeOrmApiKeyRepository(dataSource));
  w.value(T.ApiKeyCredentials, new PreparedApiKeyCredentials(driverReads, new TypeOrmApiKeyCredentials(dataSource)));
  w.value(T.ConnectionRepository, new TypeOrmConnectionRepository(dataSource));
  w.value(T.PostRepository, new TypeOrmPostRepository(dataSource));
  w.value(T.PostViews, new PreparedPostViews(driverReads, new TypeOrmPostViews(dataSource), dialectOf(dataSource)));
  w.value(T.PublishQueue, new TypeOrmPublishQueue(dataSource));
  w.value(T.AttemptLog, new TypeOrmAttemptLog(dataSource));
  w.value(T.SandboxPosts, new TypeOrmSandboxPosts(dataSource));
  w.value(T.SessionStore, new TypeOrmSessionStore(dataSource));
  w.value(T.OAuthClientRepository, new TypeOrmOAuthClients(dataSource));
  w.value(T.TokenGrants, new TypeOrmTokenGrants(dataSource));
  w.value(T.DeviceAuthorizations, new TypeOrmDeviceAuthorizations(dataSource));
  w.value(T.ConsentTickets, new TypeOrmConsentTickets(dataSource));
  w.value(T.ConnectionCredentials, new TypeOrmConnectionCredentials(dataSource, new SecretBox(resolveSecretKey(config.secrets))));
  w.value(T.TargetMetrics, new TypeOrmTargetMetrics(dataSource));
  w.value(T.AnalyticsViews, new TypeOrmAnalyticsViews(dataSource));
  w.build(T.UnitOfWork, [T.Cancellation], (cancellation) => new TypeOrmUnitOfWork(dataSource, cancellation));
  w.value(T.InboundEventLog, new TypeOrmInboundEventLog(dataSource));
  // Built on first use (the HTTP app): SECRET_KEY is read, or generated into the data
  // directory, only by an entry point that needs it. Stored responses can hold a new API
  // key's secret, so they are sealed. On SQLite the keys running are answered from memory, so a
  // duplicate never waits for the first request's transaction (docs/decisions.md, "Idempotency").
  w.build(T.IdempotencyStore, [T.Logger], (logger) => {
    const stored = new TypeOrmIdempotencyStore(dataSource, logger);
    const store = isSqlite(dataSource) ? new InFlightIdempotencyKeys(stored) : stored;
    return new EncryptedIdempotencyStore(store, new SecretBox(resolveSecretKey(config.secrets)));
  });
  w.value(
    T.SigningKeyStore,
    config.secrets.keyStore === 'file'
      ? new FileSigningKeyStore(path.join(config.secrets.dataDir, 'signing-keys.json'))
      : new TypeOrmSigningKeyStore(dataSource),
  );
  return new DatabaseHealthCheck(dataSource);
}
