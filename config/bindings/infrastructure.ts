import { Redis } from 'ioredis';
import { SystemClock } from '../../adapters/outbound/clock/SystemClock';
import { SystemTimers } from '../../adapters/outbound/clock/SystemTimers';
import { AsyncLocalCancellation } from '../../adapters/outbound/context/AsyncLocalCancellation';
import { NodeRandomSource } from '../../adapters/outbound/crypto/NodeRandomSource';
import { NodeSecretHasher } from '../../adapters/outbound/crypto/NodeSecretHasher';
import { UlidIdGenerator } from '../../adapters/outbound/crypto/UlidIdGenerator';
import { JoseSessionTokens } from '../../adapters/outbound/keys/JoseSessionTokens';
import { JoseAccessTokens } from '../../adapters/outbound/keys/JoseAccessTokens';
import { MAX_SESSION_TTL_SECONDS } from '../../adapters/inbound/cli/commands/sessionCommands';
import { KeyRing } from '../../adapters/outbound/keys/KeyRing';
import { SecretBox } from '../../adapters/outbound/keys/SecretBox';
import { JsonLogger } from '../../adapters/outbound/logging/JsonLogger';
import { MemoryRateLimitStore } from '../../adapters/outbound/ratelimit/MemoryRateLimitStore';
import { RedisHealthCheck } from '../../adapters/outbound/ratelimit/RedisHealthCheck';
import { RedisRateLimitStore } from '../../adapters/outbound/ratelimit/RedisRateLimitStore';
import { logRedisEvents } from '../../adapters/outbound/ratelimit/logRedisEvents';
import { type HealthCheck } from '../../application/ports/HealthCheck';
import { type Config } from '../env';
import { resolveSecretKey } from '../secretKey';
import { TOKENS as T } from '../tokens';
import { type Wiring } from '../Wiring';

/**
 * Clock, ids, crypto, keys, logging and rate limiting. Returns the health checks of what it
 * connected to and what must be closed at shutdown.
 */
export function bindInfrastructure(w: Wiring, config: Config): { checks: HealthCheck[]; closers: Array<() => Promise<unknown>> } {
  const checks: HealthCheck[] = [];
  const closers: Array<() => Promise<unknown>> = [];
  w.value(T.Config, config);
  w.value(T.Clock, new SystemClock());
  w.value(T.Timers, new SystemTimers());
  w.value(T.IdGenerator, new UlidIdGenerator());
  w.value(T.RandomSource, new NodeRandomSource());
  w.value(T.SecretHasher, new NodeSecretHasher());
  const logger = new JsonLogger(config.logging.level);
  w.value(T.Logger, logger);
  w.value(T.Cancellation, new AsyncLocalCancellation());
  w.value(T.SessionTtlSeconds, config.sessions.ttlSeconds);
  // A retired key stays published until the longest-lived token it signed has expired.
  // The CLI may issue sessions for up to a year, so a retired key stays that long: only public halves.
  const rotation = {
    publishAheadSeconds: config.oauth.keyPublishAheadSeconds,
    longestTokenLifetimeSeconds: Math.max(config.sessions.ttlSeconds, config.oauth.accessTokenTtlSeconds, MAX_SESSION_TTL_SECONDS),
  };
  w.build(T.KeyRing, [T.SigningKeyStore, T.Clock], (store, clock) => new KeyRing(store, new SecretBox(resolveSecretKey(config.secrets)), clock, rotation));
  w.build(T.SessionTokens, [T.KeyRing, T.Clock], (keys, clock) => new JoseSessionTokens(keys, config.http.baseUrl, clock, logger));
  w.build(
    T.AccessTokens,
    [T.KeyRing, T.Clock],
    (keys, clock) =>
      new JoseAccessTokens(keys, { issuer: config.oauth.issuer, resource: config.oauth.resources, lifetimeSeconds: config.oauth.accessTokenTtlSeconds }, clock),
  );
  if (config.rateLimit.store === 'redis') {
    // One retry only: a dead Redis must turn into a quick 503, not a request stuck reconnecting.
    const redis = new Redis(config.rateLimit.redisUrl!, { maxRetriesPerRequest: 1, lazyConnect: false });
    logRedisEvents(redis, logger, 'rate limits');
    closers.push(() => redis.quit().catch(() => redis.disconnect()));
    w.value(T.RateLimitStore, new RedisRateLimitStore(redis, config.rateLimit.redisKeyPrefix));
    checks.push(new RedisHealthCheck(redis));
  } else {
    w.value(T.RateLimitStore, new MemoryRateLimitStore());
  }
  return { checks, closers };
}
