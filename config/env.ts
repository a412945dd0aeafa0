import path from 'node:path';

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

/** How long the service waits on its database before answering 503 (docs/errors.md, `database_unavailable`). */
export interface DatabaseLimits {
  /** A new MySQL connection's handshake. */
  readonly connectTimeoutMs: number;
  /** Waiting for a pooled MySQL connection; on SQLite, the busy timeout (waiting for another process's lock). */
  readonly acquireTimeoutMs: number;
  /** One statement's round trip; past it the connection is dropped, so its transaction rolls back. */
  readonly statementTimeoutMs: number;
}

export type DatabaseConfig = ({ readonly kind: 'sqlite'; readonly file: string } | { readonly kind: 'mysql'; readonly url: string }) & {
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
    /** Trust X-Forwarded-For/-Proto from a reverse proxy in front (client addresses for rate limits). */
    readonly trustProxy: boolean;
    readonly bodyLimitBytes: number;
    /** The upload surface's own limit: uploads are streamed, never held whole. */
    readonly uploadLimitBytes: number;
    /** The longest a request may take before it answers 503 `request_timeout` (uploads aside). */
    readonly requestTimeoutMs: number;
  };
  readonly database: DatabaseConfig;
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
    readonly limit: number;
    readonly windowMs: number;
    readonly redisUrl: string | null;
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
  /** The first-start owner, workspace and key on an empty embedded database. */
  readonly bootstrap: boolean;
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const value = oneOf(env, name, ['true', 'false', '1', '0'], fallback ? 'true' : 'false');
  return value === 'true' || value === '1';
}

/**
 * A URL as it may appear in an error: the password (or a lone user part, which may be a token)
 * masked, and the query and fragment left out. Works on text that does not parse as a URL too,
 * since that is when it is shown; everything up to the last "@" counts as user info.
 */
export function redactUrl(raw: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(raw)?.[0] ?? '';
  let rest = raw.slice(scheme.length);
  const at = rest.lastIndexOf('@');
  if (at >= 0) {
    const userinfo = rest.slice(0, at);
    const colon = userinfo.indexOf(':');
    rest = `${colon >= 0 ? `${userinfo.slice(0, colon)}:***` : '***'}${rest.slice(at)}`;
  }
  const query = rest.search(/[?#]/);
  if (query >= 0) rest = `${rest.slice(0, query)}${rest[query]}…`;
  return `${scheme}${rest}`;
}

function url(env: Env, name: string, fallback: string | null, protocols: readonly string[]): string | null {
  const raw = env[name]?.trim() || fallback;
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be a URL, got "${redactUrl(raw)}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return raw.replace(/\/+$/, '');
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
  return { kind: 'mysql', url: checked.replace(/^mariadb:/, 'mysql:'), limits };
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
  return {
    production,
    http: {
      port,
      host: env.HOST?.trim() || '127.0.0.1',
      baseUrl: url(env, 'BASE_URL', `http://localhost:${port}`, ['http:', 'https:'])!,
      trustProxy: flag(env, 'TRUST_PROXY', false),
      bodyLimitBytes: 1024 * 1024,
      uploadLimitBytes: integer(env, 'UPLOAD_MAX_BYTES', 100 * 1024 * 1024, 1, 64 * 1024 ** 3),
      requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 30_000, 10, 3_600_000),
    },
    database: database(env, dataDir),
    secrets: { dataDir, secretKey, keyStore: oneOf(env, 'KEY_STORE', ['database', 'file'] as const, 'database') },
    logging: { level: oneOf(env, 'LOG_LEVEL', ['debug', 'info', 'warn', 'error', 'silent'] as const, 'info') },
    rateLimit: {
      store: rateLimitStore,
      limit: integer(env, 'RATE_LIMIT_MAX', 600, 1, 1_000_000),
      windowMs: integer(env, 'RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86_400) * 1000,
      redisUrl,
    },
    sessions: { ttlSeconds: integer(env, 'SESSION_TTL_SECONDS', 12 * 3600, 60, 30 * 86_400) },
    idempotency: { replayTtlMs: 24 * 3600 * 1000, leaseMs: 2 * 60 * 1000 },
    bootstrap: !production && flag(env, 'BOOTSTRAP', true),
  };
}
