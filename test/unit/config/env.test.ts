import path from 'node:path';
import { expect } from 'chai';
import { ConfigError, loadConfig, redactUrl } from '../../../config/env';
import { DEFAULT_PRODUCTS } from '../../../config/billingConfig';

const SECRET = 'a-secret-key-of-at-least-32-characters!';
/** DATABASE_CONNECT_TIMEOUT_MS, DATABASE_ACQUIRE_TIMEOUT_MS and DATABASE_STATEMENT_TIMEOUT_MS unset. */
const DEFAULT_LIMITS = { connectTimeoutMs: 5000, acquireTimeoutMs: 5000, statementTimeoutMs: 10_000 };

/** The ConfigError `env` fails with (the test fails if it loads). */
function failure(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`expected ${JSON.stringify(Object.keys(env))} to be refused`);
}

describe('loadConfig (environment variables)', () => {
  it('has a default for everything outside production', () => {
    const config = loadConfig({});
    expect(config).to.deep.equal({
      production: false,
      http: {
        port: 3000,
        host: '127.0.0.1',
        baseUrl: 'http://localhost:3000',
        trustProxy: { kind: 'none' },
        bodyLimitBytes: 1024 * 1024,
        uploadLimitBytes: 100 * 1024 * 1024,
        timeouts: { headersMs: 20_000, requestMs: 120_000, keepAliveMs: 5_000 },
        maxConnections: 1000,
        maxHeaderBytes: 16 * 1024,
        requestTimeoutMs: 30_000,
      },
      database: { kind: 'sqlite', file: path.join(path.resolve('data'), 'dispatch.sqlite'), limits: DEFAULT_LIMITS },
      secrets: { dataDir: path.resolve('data'), secretKey: null, keyStore: 'database' },
      logging: { level: 'info' },
      rateLimit: { store: 'memory', limit: 600, perUserLimit: 1200, windowMs: 60_000, redisUrl: null, redisKeyPrefix: 'dispatch:ratelimit:' },
      sessions: { ttlSeconds: 12 * 3600 },
      idempotency: { replayTtlMs: 24 * 3600 * 1000, leaseMs: 2 * 60 * 1000 },
      outbound: { allowPrivateAddresses: false },
      worker: { enabled: true, pollMs: 500, drainMs: 30_000, leaseMs: 30_000, batchSize: 100, maxAttempts: 5 },
      figures: { pollMs: 10_000, windowMs: 8 * 86_400_000, batchSize: 200, leaseMs: 60_000, readsPerHour: 30, retryMs: 30 * 60_000 },
      media: {
        store: 'local',
        directory: path.join(path.resolve('data'), 'media'),
        scratchDirectory: path.join(path.resolve('data'), 'scratch'),
        s3: null,
        maxUploadBytes: 100 * 1024 * 1024,
        maxResumableBytes: 4 * 1024 ** 3,
        partSizeBytes: 8 * 1024 * 1024,
        uploadTtlSeconds: 24 * 3600,
        importTimeoutMs: 120_000,
        linkTtlSeconds: 3600,
        stripImageLocation: true,
        ffprobePath: 'ffprobe',
        ffmpegPath: 'ffmpeg',
        inspection: { maxImagePixels: 120_000_000, maxVideoPixels: 8192 * 8192, maxVideoSeconds: 12 * 3600, concurrency: 2 },
        staleProcessingSeconds: 3600,
      },
      platforms: {
        linkedin: null,
        twitter: null,
        threads: null,
        instagram: null,
        facebook: null,
        pinterest: null,
        tiktok: null,
        youtube: null,
        farcaster: null,
        returnToOrigins: [],
      },
      oauth: {
        issuer: 'http://localhost:3000',
        resource: 'http://localhost:3000',
        resources: ['http://localhost:3000', 'http://localhost:3000/mcp'],
        accessTokenTtlSeconds: 600,
        refreshIdleSeconds: 30 * 86_400,
        grantLifetimeSeconds: 90 * 86_400,
        keyPublishAheadSeconds: 3600,
        deviceTtlSeconds: 600,
        deviceIntervalSeconds: 5,
        codeTtlSeconds: 60,
        consentTtlSeconds: 600,
        expiredKeptSeconds: 3600,
      },
      billing: { products: DEFAULT_PRODUCTS, freeMonthlyTranscriptions: 10 },
      payment: { stripe: null, successUrl: 'http://localhost:3000/checkout/done', cancelUrl: 'http://localhost:3000/checkout/cancelled' },
      transcription: { apiUrl: null, apiKey: null, model: 'whisper-1', timeoutMs: 120_000, maxReelBytes: 25 * 1024 * 1024 },
      webhooks: {
        retryScheduleSeconds: [5, 300, 1800, 7200, 18_000, 36_000, 36_000],
        timeoutMs: 10_000,
        leaseMs: 30_000,
        batchSize: 20,
        secretOverlapMs: 86_400_000,
        maxRetryAfterSeconds: 3600,
        maxSubscriptions: 20,
        pollMs: 500,
        logRetentionMs: 30 * 86_400_000,
      },
      bootstrap: true,
    });
  });

  it('reads the webhook settings, refusing a retry schedule that is not a list of pauses in seconds', () => {
    const webhooks = loadConfig({
      WEBHOOK_RETRY_SCHEDULE_SECONDS: '1, 2,3',
      WEBHOOK_TIMEOUT_MS: '2000',
      WEBHOOK_SECRET_OVERLAP_SECONDS: '60',
      WORKER_LEASE_MS: '12000',
    }).webhooks;
    expect(webhooks, "the workers' lease").to.include({ timeoutMs: 2000, leaseMs: 12_000, secretOverlapMs: 60_000 });
    expect(webhooks.retryScheduleSeconds).to.deep.equal([1, 2, 3]);
    expect(failure({ WEBHOOK_RETRY_SCHEDULE_SECONDS: '5,soon' }).message).to.match(/^WEBHOOK_RETRY_SCHEDULE_SECONDS: /);
    expect(failure({ WEBHOOK_RETRY_SCHEDULE_SECONDS: '700000' }).message).to.match(/^WEBHOOK_RETRY_SCHEDULE_SECONDS: /);
    expect(failure({ WEBHOOK_TIMEOUT_MS: '0' }).message).to.match(/^WEBHOOK_TIMEOUT_MS: /);
  });

  it('configures LinkedIn only with both of its app credentials, its API addresses optional', () => {
    expect(() => loadConfig({ LINKEDIN_CLIENT_ID: 'id' })).to.throw(/LINKEDIN_CLIENT_SECRET/);
    expect(
      loadConfig({ LINKEDIN_CLIENT_ID: 'id', LINKEDIN_CLIENT_SECRET: 'secret', LINKEDIN_API_BASE_URL: 'http://127.0.0.1:9' }).platforms.linkedin,
    ).to.deep.equal({
      clientId: 'id',
      clientSecret: 'secret',
      apiBaseUrl: 'http://127.0.0.1:9',
      authBaseUrl: null,
      tokenBaseUrl: null,
      organizations: false,
    });
  });

  it('configures Farcaster only with the Neynar key, the app fid and its recovery phrase together', () => {
    const phrase = 'test test test test test test test test test test test junk';
    expect(() => loadConfig({ NEYNAR_API_KEY: 'k' })).to.throw(/FARCASTER_APP_FID.*set together/);
    expect(() => loadConfig({ NEYNAR_API_KEY: 'k', FARCASTER_APP_FID: 'x1', FARCASTER_APP_MNEMONIC: phrase })).to.throw(/FARCASTER_APP_FID/);
    expect(() => loadConfig({ NEYNAR_API_KEY: 'k', FARCASTER_APP_FID: '9152', FARCASTER_APP_MNEMONIC: 'too short' })).to.throw(/FARCASTER_APP_MNEMONIC/);
    expect(loadConfig({ NEYNAR_API_KEY: 'k', FARCASTER_APP_FID: '9152', FARCASTER_APP_MNEMONIC: ` ${phrase} ` }).platforms.farcaster).to.deep.equal({
      apiKey: 'k',
      appFid: 9152,
      appMnemonic: phrase,
      apiBaseUrl: 'https://api.neynar.com',
    });
  });

  it('keeps media on local disk by default, and in an S3 bucket when MEDIA_STORE=s3 names one', () => {
    expect(() => loadConfig({ MEDIA_STORE: 's3' })).to.throw(/S3_BUCKET/);
    expect(() => loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-half' })).to.throw(/S3_SECRET_ACCESS_KEY/);
    const s3 = loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' }).media.s3;
    expect(s3).to.deep.equal({
      bucket: 'media',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      accessKeyId: null,
      secretAccessKey: null,
    });
    // A part is never larger than what the upload surface accepts in one request.
    expect(loadConfig({ UPLOAD_MAX_BYTES: '2000000' }).media.partSizeBytes).to.equal(2_000_000);
    expect(() => loadConfig({ UPLOAD_MAX_BYTES: '2000000', MEDIA_PART_BYTES: '3000000' })).to.throw(/MEDIA_PART_BYTES/);
  });

  it('trusts a reverse proxy only when TRUST_PROXY says so (see trustProxy.test.ts)', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).http.trustProxy).to.deep.equal({ kind: 'hops', hops: 1 });
  });

  it('reads every variable it is given', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '0.0.0.0',
      BASE_URL: 'https://dispatch.example/',
      DATA_DIR: '/var/lib/dispatch',
      DATABASE_URL: 'mariadb://app:pw@db.example:3306/dispatch',
      SECRET_KEY: SECRET,
      KEY_STORE: 'file',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_STORE: 'redis',
      REDIS_URL: 'rediss://:pw@cache.example:6380',
      RATE_LIMIT_MAX: '100',
      RATE_LIMIT_PER_USER_MAX: '150',
      RATE_LIMIT_REDIS_PREFIX: 'dispatch-eu:',
      RATE_LIMIT_WINDOW_SECONDS: '30',
      SESSION_TTL_SECONDS: '3600',
      BOOTSTRAP: 'true',
      UPLOAD_MAX_BYTES: '5000000',
      TRUST_PROXY: '10.0.0.1',
      HTTP_HEADERS_TIMEOUT_MS: '5000',
      HTTP_REQUEST_TIMEOUT_MS: '60000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000',
      HTTP_MAX_CONNECTIONS: '200',
      REQUEST_TIMEOUT_MS: '20000',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      DATABASE_ACQUIRE_TIMEOUT_MS: '3000',
      DATABASE_STATEMENT_TIMEOUT_MS: '4000',
      DATABASE_POOL_SIZE: '30',
      OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'true',
    });
    expect(config).to.deep.include({
      production: true,
      http: {
        port: 8080,
        host: '0.0.0.0',
        baseUrl: 'https://dispatch.example',
        trustProxy: { kind: 'addresses', addresses: ['10.0.0.1'] },
        bodyLimitBytes: 1024 * 1024,
        uploadLimitBytes: 5_000_000,
        timeouts: { headersMs: 5000, requestMs: 60_000, keepAliveMs: 65_000 },
        maxConnections: 200,
        maxHeaderBytes: 16 * 1024,
        requestTimeoutMs: 20_000,
      },
      database: {
        kind: 'mysql',
        url: 'mysql://app:pw@db.example:3306/dispatch',
        poolSize: 30,
        limits: { connectTimeoutMs: 2000, acquireTimeoutMs: 3000, statementTimeoutMs: 4000 },
      },
      secrets: { dataDir: '/var/lib/dispatch', secretKey: SECRET, keyStore: 'file' },
      logging: { level: 'warn' },
      rateLimit: {
        store: 'redis',
        limit: 100,
        perUserLimit: 150,
        windowMs: 30_000,
        redisUrl: 'rediss://:pw@cache.example:6380',
        redisKeyPrefix: 'dispatch-eu:',
      },
      sessions: { ttlSeconds: 3600 },
      outbound: { allowPrivateAddresses: true },
      bootstrap: false, // never in production
    });
  });

  it('refuses private addresses on outbound calls unless OUTBOUND_ALLOW_PRIVATE_ADDRESSES says otherwise', () => {
    expect(loadConfig({}).outbound.allowPrivateAddresses).to.equal(false);
    expect(loadConfig({ OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'true' }).outbound.allowPrivateAddresses).to.equal(true);
    expect(loadConfig({ OUTBOUND_ALLOW_PRIVATE_ADDRESSES: '0' }).outbound.allowPrivateAddresses).to.equal(false);
  });

  it('treats empty and blank values as unset', () => {
    const config = loadConfig({ PORT: '', LOG_LEVEL: '  ', DATABASE_URL: ' ', SECRET_KEY: '' });
    expect([config.http.port, config.logging.level, config.secrets.secretKey]).to.deep.equal([3000, 'info', null]);
  });

  describe('a bad value names its variable', () => {
    const cases: [string, Record<string, string>, RegExp][] = [
      ['PORT', { PORT: 'eighty' }, /must be a whole number/],
      ['PORT', { PORT: '70000' }, /between 0 and 65535/],
      ['PORT', { PORT: '-1' }, /must be a whole number/],
      ['UPLOAD_MAX_BYTES', { UPLOAD_MAX_BYTES: '0' }, /between 1 and/],
      ['TRUST_PROXY', { TRUST_PROXY: 'yes' }, /must be false, a number of proxies in front/],
      ['HTTP_HEADERS_TIMEOUT_MS', { HTTP_HEADERS_TIMEOUT_MS: '50' }, /between 100 and 600000/],
      ['HTTP_HEADERS_TIMEOUT_MS', { HTTP_HEADERS_TIMEOUT_MS: '30000', HTTP_REQUEST_TIMEOUT_MS: '20000' }, /must not exceed HTTP_REQUEST_TIMEOUT_MS \(20000\)/],
      ['HTTP_REQUEST_TIMEOUT_MS', { HTTP_REQUEST_TIMEOUT_MS: 'a minute' }, /must be a whole number/],
      ['HTTP_KEEP_ALIVE_TIMEOUT_MS', { HTTP_KEEP_ALIVE_TIMEOUT_MS: '0' }, /between 100 and 600000/],
      ['HTTP_MAX_CONNECTIONS', { HTTP_MAX_CONNECTIONS: '0' }, /between 1 and 1000000/],
      ['REQUEST_TIMEOUT_MS', { REQUEST_TIMEOUT_MS: '5s' }, /must be a whole number/],
      ['DATABASE_STATEMENT_TIMEOUT_MS', { DATABASE_STATEMENT_TIMEOUT_MS: '0' }, /between 10 and/],
      ['DATABASE_POOL_SIZE', { DATABASE_URL: 'mysql://app@db.example:3306/dispatch', DATABASE_POOL_SIZE: '0' }, /between 1 and 1000/],
      ['BASE_URL', { BASE_URL: 'not a url' }, /must be a URL/],
      ['BASE_URL', { BASE_URL: 'ftp://dispatch.example' }, /must start with http: or https:/],
      ['DATABASE_URL', { DATABASE_URL: 'postgres://app@db/dispatch' }, /must start with mysql: or mariadb:/],
      ['DATABASE_URL', { DATABASE_URL: 'mysql://app@db.example:3306' }, /must name a database/],
      ['DATABASE_URL', { DATABASE_URL: 'mysql://app@db.example:33o6/dispatch' }, /must be a URL/],
      ['DATABASE_URL', { DATABASE_URL: 'sqlite:' }, /needs a file path/],
      ['SECRET_KEY', { SECRET_KEY: 'short' }, /at least 32 characters/],
      ['KEY_STORE', { KEY_STORE: 'vault' }, /must be one of database, file/],
      ['LOG_LEVEL', { LOG_LEVEL: 'verbose' }, /must be one of debug, info, warn, error, silent/],
      ['RATE_LIMIT_STORE', { RATE_LIMIT_STORE: 'memcached' }, /must be one of memory, redis/],
      ['RATE_LIMIT_MAX', { RATE_LIMIT_MAX: '0' }, /between 1 and 1000000/],
      ['RATE_LIMIT_MAX', { RATE_LIMIT_MAX: '1.5' }, /must be a whole number/],
      ['RATE_LIMIT_WINDOW_SECONDS', { RATE_LIMIT_WINDOW_SECONDS: '86401' }, /between 1 and 86400/],
      ['SESSION_TTL_SECONDS', { SESSION_TTL_SECONDS: '59' }, /between 60 and 2592000/],
      ['SESSION_TTL_SECONDS', { SESSION_TTL_SECONDS: 'a day' }, /must be a whole number/],
      ['BOOTSTRAP', { BOOTSTRAP: 'yes' }, /must be one of true, false, 1, 0/],
      ['OUTBOUND_ALLOW_PRIVATE_ADDRESSES', { OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'on' }, /must be one of true, false, 1, 0/],
      ['REDIS_URL', { REDIS_URL: 'http://cache.example' }, /must start with redis: or rediss:/],
      ['REDIS_URL', { REDIS_URL: 'redis://cache.example:port' }, /must be a URL/],
      ['REDIS_URL', { RATE_LIMIT_STORE: 'redis' }, /is required when RATE_LIMIT_STORE=redis/],
    ];
    for (const [variable, env, problem] of cases) {
      it(`${variable}=${JSON.stringify(Object.values(env).at(-1))}`, () => {
        const error = failure(env);
        expect(error.message.startsWith(`${variable}: `), error.message).to.equal(true);
        expect(error.message).to.match(problem);
      });
    }
  });

  describe('never prints a secret', () => {
    it('masks the password of a DATABASE_URL it cannot parse', () => {
      const { message } = failure({ DATABASE_URL: 'mysql://app:Sup3rSecret@db.example:33o6/dispatch' });
      expect(message).not.to.include('Sup3rSecret');
      expect(message).to.equal('DATABASE_URL: must be a URL, got "mysql://app:***@db.example:33o6/dispatch"');
    });

    it('masks the password of a REDIS_URL it cannot parse, even one holding "@" and ":"', () => {
      const { message } = failure({ REDIS_URL: 'redis://:p@ss:w0rd@cache example:6379' });
      expect(message).not.to.match(/p@ss|w0rd/);
      expect(message).to.equal('REDIS_URL: must be a URL, got "redis://:***@cache example:6379"');
    });

    it('prints no password in the other URL errors either', () => {
      for (const env of [
        { DATABASE_URL: 'postgres://app:Sup3rSecret@db.example/dispatch' },
        { DATABASE_URL: 'mysql://app:Sup3rSecret@db.example:3306' },
        { REDIS_URL: 'http://:Sup3rSecret@cache.example' },
        { BASE_URL: 'https://admin:Sup3rSecret@dispatch.example:99999' },
      ] as Record<string, string>[]) {
        expect(failure(env).message).not.to.include('Sup3rSecret');
      }
    });

    it('masks a user part alone (it may be a token) and leaves out query strings', () => {
      expect(redactUrl('redis://t0ken@cache.example:6379')).to.equal('redis://***@cache.example:6379');
      expect(redactUrl('mysql://db.example/dispatch?password=Sup3rSecret')).to.equal('mysql://db.example/dispatch?…');
      expect(redactUrl('app:Sup3rSecret@db.example')).to.equal('app:***@db.example');
      expect(redactUrl('https://dispatch.example/path')).to.equal('https://dispatch.example/path');
    });

    it('never prints SECRET_KEY', () => {
      const { message } = failure({ SECRET_KEY: 'tooShortSecret' });
      expect(message).to.equal('SECRET_KEY: must be at least 32 characters');
    });
  });

  describe('production', () => {
    it('requires SECRET_KEY', () => {
      expect(failure({ NODE_ENV: 'production' }).message).to.equal('SECRET_KEY: is required when NODE_ENV=production');
      expect(failure({ NODE_ENV: 'production', SECRET_KEY: '   ' }).message).to.equal('SECRET_KEY: is required when NODE_ENV=production');
    });

    it('starts with one, and never bootstraps', () => {
      const config = loadConfig({ NODE_ENV: 'production', SECRET_KEY: SECRET, BOOTSTRAP: 'true' });
      expect([config.production, config.secrets.secretKey, config.bootstrap]).to.deep.equal([true, SECRET, false]);
    });
  });

  describe('sqlite: DATABASE_URLs', () => {
    for (const [url, file] of [
      ['sqlite:./data/dispatch.sqlite', path.resolve('data/dispatch.sqlite')],
      ['sqlite://relative/dispatch.sqlite', path.resolve('relative/dispatch.sqlite')],
      ['sqlite:/var/lib/dispatch/db.sqlite', '/var/lib/dispatch/db.sqlite'],
      ['sqlite:///var/lib/dispatch/db.sqlite', '/var/lib/dispatch/db.sqlite'],
    ] as const) {
      it(`${url} → ${file}`, () => {
        expect(loadConfig({ DATABASE_URL: url }).database).to.deep.equal({ kind: 'sqlite', file, limits: DEFAULT_LIMITS });
      });
    }

    it('refuses sqlite: without a path, and sqlite:// alone', () => {
      expect(failure({ DATABASE_URL: 'sqlite:' }).message).to.match(/^DATABASE_URL: sqlite: needs a file path/);
      expect(failure({ DATABASE_URL: 'sqlite://' }).message).to.match(/^DATABASE_URL: sqlite: needs a file path/);
    });

    it('defaults to dispatch.sqlite under DATA_DIR', () => {
      expect(loadConfig({ DATA_DIR: '/srv/dispatch' }).database).to.deep.equal({
        kind: 'sqlite',
        file: '/srv/dispatch/dispatch.sqlite',
        limits: DEFAULT_LIMITS,
      });
    });
  });
});

describe('transcription settings', () => {
  it('reads the provider from TRANSCRIPTION_API_URL, _KEY and _MODEL, and refuses a URL that is not http(s)', () => {
    const config = loadConfig({ TRANSCRIPTION_API_URL: 'https://stt.example.com/', TRANSCRIPTION_API_KEY: 'sk-1', TRANSCRIPTION_MODEL: 'whisper-large' });
    expect(config.transcription).to.include({ apiUrl: 'https://stt.example.com', apiKey: 'sk-1', model: 'whisper-large' });
    expect(() => loadConfig({ TRANSCRIPTION_API_URL: 'ftp://stt.example.com' })).to.throw(/TRANSCRIPTION_API_URL/);
  });
});
