import { Redis } from 'ioredis';
import { type Container } from 'inversify';
import { type DataSource } from 'typeorm';
import { type HealthCheck } from '../../application/ports/HealthCheck';
import { SystemClock } from '../../adapters/outbound/clock/SystemClock';
import { NodeRandomSource } from '../../adapters/outbound/crypto/NodeRandomSource';
import { NodeSecretHasher } from '../../adapters/outbound/crypto/NodeSecretHasher';
import { UlidIdGenerator } from '../../adapters/outbound/crypto/UlidIdGenerator';
import { JoseSessionTokens } from '../../adapters/outbound/keys/JoseSessionTokens';
import { KeyRing } from '../../adapters/outbound/keys/KeyRing';
import { SecretBox } from '../../adapters/outbound/keys/SecretBox';
import { type SigningKeyStore } from '../../adapters/outbound/keys/SigningKeyStore';
import { JsonLogger } from '../../adapters/outbound/logging/JsonLogger';
import { NoAccessTokens } from '../../adapters/outbound/oauth/NoAccessTokens';
import { DatabaseHealthCheck } from '../../adapters/outbound/persistence/typeorm/DatabaseHealthCheck';
import { MemoryRateLimitStore } from '../../adapters/outbound/ratelimit/MemoryRateLimitStore';
import { RedisHealthCheck } from '../../adapters/outbound/ratelimit/RedisHealthCheck';
import { RedisRateLimitStore } from '../../adapters/outbound/ratelimit/RedisRateLimitStore';
import { type Config } from '../env';
import { resolveSecretKey } from '../secretKey';
import { TOKENS } from '../tokens';

/** Clock, ids, crypto, keys, logging, rate limiting and health: returns what must be closed at shutdown. */
export function bindInfrastructure(container: Container, config: Config, dataSource: DataSource): Array<() => Promise<unknown>> {
  const closers: Array<() => Promise<unknown>> = [];
  container.bind(TOKENS.Config).toConstantValue(config);
  container.bind(TOKENS.Clock).toConstantValue(new SystemClock());
  container.bind(TOKENS.IdGenerator).toConstantValue(new UlidIdGenerator());
  container.bind(TOKENS.RandomSource).toConstantValue(new NodeRandomSource());
  container.bind(TOKENS.SecretHasher).toConstantValue(new NodeSecretHasher());
  container.bind(TOKENS.Logger).toConstantValue(new JsonLogger(config.logLevel));
  container.bind(TOKENS.AccessTokenVerifier).toConstantValue(new NoAccessTokens());
  container
    .bind(TOKENS.KeyRing)
    .toResolvedValue(
      (store: SigningKeyStore, clock: SystemClock) => new KeyRing(store, new SecretBox(resolveSecretKey(config)), clock),
      [TOKENS.SigningKeyStore, TOKENS.Clock],
    )
    .inSingletonScope();
  container
    .bind(TOKENS.SessionTokens)
    .toResolvedValue((keys: KeyRing, clock: SystemClock) => new JoseSessionTokens(keys, config.baseUrl, clock), [TOKENS.KeyRing, TOKENS.Clock])
    .inSingletonScope();

  const healthChecks: HealthCheck[] = [new DatabaseHealthCheck(dataSource)];
  if (config.rateLimit.store === 'redis') {
    // One retry only: a dead Redis must turn into a quick 503, not a request stuck reconnecting.
    const redis = new Redis(config.redisUrl!, { maxRetriesPerRequest: 1, lazyConnect: false });
    closers.push(() => redis.quit().catch(() => redis.disconnect()));
    container.bind(TOKENS.RateLimitStore).toConstantValue(new RedisRateLimitStore(redis, 'dispatch:ratelimit:'));
    healthChecks.push(new RedisHealthCheck(redis));
  } else {
    container.bind(TOKENS.RateLimitStore).toConstantValue(new MemoryRateLimitStore());
  }
  container.bind(TOKENS.HealthChecks).toConstantValue(healthChecks);
  return closers;
}
