import path from 'node:path';
import { type ProxyTrust } from '../adapters/inbound/http/clientAddress';
import { ConfigError, type Env, flag, integer, oneOf, url } from './envValues';
import { type MediaConfig, mediaConfig } from './mediaConfig';
import { type OAuthConfig, oauthConfig } from './oauthConfig';
import { type BillingConfig, billingConfig } from './billingConfig';
import { type PaymentConfig, paymentConfig } from './paymentConfig';
import { type TranscriptionConfig, transcriptionConfig } from './transcriptionConfig';
import { type WebhookConfig, webhookConfig } from './webhookConfig';
import { type PlatformsConfig, platformsConfig } from './platformsConfig';
import { trustProxy } from './trustProxy';
import { type WorkerConfig, workerConfig } from './workerConfig';
import { analyticsConfig, type FiguresConfig } from './analyticsConfig';

export { ConfigError, redactUrl } from './envValues';

/** How long the service waits on its database before answering 503 (docs/errors.md, `database_unavailable`). */
export interface DatabaseLimits {
  /** A new MySQL connection's handshake. */
  readonly connectTimeoutMs: number;
  /** Waiting for a pooled MySQL connection; on SQLite, the busy timeout (waiting for another process's lock). */
  readonly acquireTimeoutMs: number;
  /** One statement's round trip; past it the connection is dropped, so its transaction rolls back. */
  readonly statementTimeoutMs: number;
}

export type DatabaseConfig = (
  | { readonly kind: 'sqlite'; readonly file: string }
  /** `poolSize`: connections each process keeps to MySQL (DATABASE_POOL_SIZE). */
  | { readonly kind: 'mysql'; readonly url: string; readonly poolSize: number }
) & {
  readonly limits: DatabaseLimits;
};

/** Settings grouped by the capability that reads them; each group is handed to its part alone. */
export interface Config {
  readonly production: boolean;
  readonly http: {
    readonly port: number;
    readonly host: string;
    /** The public URL: token issuer, links, WWW-Authenticate. */
    readonly baseUrl: string;
    /** Which proxies in front may name the client in X-Forwarded-For (client addresses for rate limits and logs). */
    readonly trustProxy: ProxyTrust;
    readonly bodyLimitBytes: number;
    /** The upload surface's own limit: uploads are streamed, never held whole. */
    readonly uploadLimitBytes: number;
    /** How long a client may take to send its headers, its whole request, and its next request on a kept-alive connection. */
    readonly timeouts: { readonly headersMs: number; readonly requestMs: number; readonly keepAliveMs: number };
    /** Open connections at once; more are closed as they arrive. */
    readonly maxConnections: number;
    /** The request line and headers together (431 past it). */
    readonly maxHeaderBytes: number;
    /** The longest the service works on a request before it answers 503 `request_timeout` (uploads aside). */
    readonly requestTimeoutMs: number;
  };
  readonly database: DatabaseConfig;
  readonly media: MediaConfig;
  readonly oauth: OAuthConfig;
  readonly billing: BillingConfig;
  readonly payment: PaymentConfig;
  readonly transcription: TranscriptionConfig;
  readonly webhooks: WebhookConfig;
  readonly platforms: PlatformsConfig;
  readonly secrets: {
    /** Where the embedded database, a generated secret and a key file live. */
    readonly dataDir: string;
    /** Encrypts secrets at rest; null means "generate one under dataDir" (never in production). */
    readonly secretKey: string | null;
    readonly keyStore: 'database' | 'file';
  };
  readonly logging: { readonly level: 'debug' | 'info' | 'warn' | 'error' | 'silent' };
  readonly rateLimit: {
    readonly store: 'memory' | 'redis';
    /** Per credential (per client address without a valid one). */
    readonly limit: number;
    /** Per person and workspace, whatever credentials they use (docs/decisions.md, "Rate limits"). */
    readonly perUserLimit: number;
    readonly windowMs: number;
    readonly redisUrl: string | null;
    /** Prefixes every Redis key, so deployments (or test runs) sharing a server count apart. */
    readonly redisKeyPrefix: string;
  };
  readonly sessions: { readonly ttlSeconds: number };
  readonly idempotency: {
    /** docs/product.md: a key replays its first response for 24 hours. */
    readonly replayTtlMs: number;
    /**
     * How long a running request holds its key: a request cut off by a crash blocks its
     * retries this long, not a day. It must outlast any handler's run.
     */
    readonly leaseMs: number;
  };
  /**
   * Every outbound call to an address a user supplied (docs/decisions.md, "Outbound calls to
   * user-supplied addresses").
   */
  readonly outbound: {
    /** Private, loopback and link-local addresses allowed: tests and closed networks only. */
    readonly allowPrivateAddresses: boolean;
  };
  /** The publishing worker: whether `npm start` runs one, its pace, leases and retries. */
  readonly worker: WorkerConfig;
  /** Published posts' figures: how the worker collects them (docs/analytics.md). */
  readonly figures: FiguresConfig;
  /** The first-start owner, workspace and key on an empty embedded database. */
  readonly bootstrap: boolean;
}

function databaseLimits(env: Env): DatabaseLimits {
  return {
    connectTimeoutMs: integer(env, 'DATABASE_CONNECT_TIMEOUT_MS', 5000, 10, 600_000),
    acquireTimeoutMs: integer(env, 'DATABASE_ACQUIRE_TIMEOUT_MS', 5000, 10, 600_000),
    statementTimeoutMs: integer(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 10_000, 10, 3_600_000),
  };
}

function database(env: Env, dataDir: string): DatabaseConfig {
  const raw = env.DATABASE_URL?.trim();
  const limits = databaseLimits(env);
  if (!raw) return { kind: 'sqlite', file: path.join(dataDir, 'dispatch.sqlite'), limits };
  if (raw.startsWith('sqlite:')) {
    const file = raw.slice('sqlite:'.length).replace(/^\/\//, '');
    if (!file) throw new ConfigError('DATABASE_URL', 'sqlite: needs a file path, e.g. sqlite:./data/dispatch.sqlite');
    return { kind: 'sqlite', file: path.resolve(file), limits };
  }
  const checked = url(env, 'DATABASE_URL', null, ['mysql:', 'mariadb:'])!;
  if (new URL(checked).pathname.length <= 1) {
    throw new ConfigError('DATABASE_URL', 'must name a database, e.g. mysql://user:pass@host:3306/dispatch');
  }
  return { kind: 'mysql', url: checked.replace(/^mariadb:/, 'mysql:'), poolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 1000), limits };
}

/**
 * A whole request may take long enough for a large upload on a slow link; its headers, never
 * that long. Node's own defaults (60 s and 300 s, checked every 30 s) let one trickling client
 * hold a connection for over five minutes.
 */
function timeouts(env: Env): Config['http']['timeouts'] {
  const headersMs = integer(env, 'HTTP_HEADERS_TIMEOUT_MS', 20_000, 100, 600_000);
  const requestMs = integer(env, 'HTTP_REQUEST_TIMEOUT_MS', 120_000, 100, 3_600_000);
  if (headersMs > requestMs) {
    throw new ConfigError('HTTP_HEADERS_TIMEOUT_MS', `must not exceed HTTP_REQUEST_TIMEOUT_MS (${requestMs}), got ${headersMs}`);
  }
  return { headersMs, requestMs, keepAliveMs: integer(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, 600_000) };
}

/** Reads and checks every variable once, at start; a bad one stops the service with its name. */
export function loadConfig(env: Env = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const dataDir = path.resolve(env.DATA_DIR?.trim() || 'data');
  const secretKey = env.SECRET_KEY?.trim() || null;
  // Never echoed, not even in part.
  if (secretKey !== null && secretKey.length < 32) throw new ConfigError('SECRET_KEY', 'must be at least 32 characters');
  if (production && secretKey === null) throw new ConfigError('SECRET_KEY', 'is required when NODE_ENV=production');
  const rateLimitStore = oneOf(env, 'RATE_LIMIT_STORE', ['memory', 'redis'] as const, 'memory');
  const redisUrl = url(env, 'REDIS_URL', null, ['redis:', 'rediss:']);
  if (rateLimitStore === 'redis' && redisUrl === null) {
    throw new ConfigError('REDIS_URL', 'is required when RATE_LIMIT_STORE=redis');
  }
  const rateLimitMax = integer(env, 'RATE_LIMIT_MAX', 600, 1, 1_000_000);
  const uploadLimitBytes = integer(env, 'UPLOAD_MAX_BYTES', 100 * 1024 * 1024, 1, 64 * 1024 ** 3);
  const baseUrl = url(env, 'BASE_URL', `http://localhost:${port}`, ['http:', 'https:'])!;
  const databaseConfig = database(env, dataDir);
  return {
    production,
    http: {
      port,
      host: env.HOST?.trim() || '127.0.0.1',
      baseUrl,
      trustProxy: trustProxy(env),
      bodyLimitBytes: 1024 * 1024,
      uploadLimitBytes,
      timeouts: timeouts(env),
      maxConnections: integer(env, 'HTTP_MAX_CONNECTIONS', 1000, 1, 1_000_000),
      maxHeaderBytes: 16 * 1024,
      requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 30_000, 10, 3_600_000),
    },
    database: databaseConfig,
    secrets: { dataDir, secretKey, keyStore: oneOf(env, 'KEY_STORE', ['database', 'file'] as const, 'database') },
    logging: { level: oneOf(env, 'LOG_LEVEL', ['debug', 'info', 'warn', 'error', 'silent'] as const, 'info') },
    rateLimit: {
      store: rateLimitStore,
      limit: rateLimitMax,
      // Twice a credential's budget by default: a person's session and one script together
      // work at full speed, five keys do not get five budgets.
      perUserLimit: integer(env, 'RATE_LIMIT_PER_USER_MAX', 2 * rateLimitMax, 1, 2_000_000),
      windowMs: integer(env, 'RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86_400) * 1000,
      redisUrl,
      redisKeyPrefix: env.RATE_LIMIT_REDIS_PREFIX?.trim() || 'dispatch:ratelimit:',
    },
    sessions: { ttlSeconds: integer(env, 'SESSION_TTL_SECONDS', 12 * 3600, 60, 30 * 86_400) },
    idempotency: { replayTtlMs: 24 * 3600 * 1000, leaseMs: 2 * 60 * 1000 },
    outbound: { allowPrivateAddresses: flag(env, 'OUTBOUND_ALLOW_PRIVATE_ADDRESSES', false) },
    worker: workerConfig(env, databaseConfig.kind),
    figures: analyticsConfig(env),
    media: mediaConfig(env, dataDir, uploadLimitBytes),
    oauth: oauthConfig(env, baseUrl),
    billing: billingConfig(env),
    payment: paymentConfig(env, baseUrl),
    transcription: transcriptionConfig(env),
    webhooks: webhookConfig(env),
    platforms: platformsConfig(env),
    bootstrap: !production && flag(env, 'BOOTSTRAP', true),
  };
}
