import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Redis } from 'ioredis';
import { type RateLimitStore } from '../../application/ports/RateLimitStore';
import { MemoryRateLimitStore } from '../../adapters/outbound/ratelimit/MemoryRateLimitStore';
import { RedisRateLimitStore } from '../../adapters/outbound/ratelimit/RedisRateLimitStore';
import { REDIS_URL, requireServer } from '../support/services';

/** What the contract needs from each adapter to drive it. */
interface Backend {
  readonly windowMs: number;
  /** A store on the backend's shared state; for Redis each one has its own connection. */
  open(): RateLimitStore;
  now(): Date;
  /** Lets the current window expire; returns the `now` to pass afterwards. */
  pastWindow(from: Date): Promise<Date>;
  setUp?(ctx: Mocha.Context): Promise<void>;
  tearDown?(): Promise<void>;
}

function rateLimitStoreContract(name: string, makeBackend: () => Backend): void {
  describe(`RateLimitStore contract: ${name}`, function () {
    const backend = makeBackend();
    let store: RateLimitStore;
    // Unique keys per test, so no test sees another's count.
    const freshKey = () => `api_key:${randomUUID()}`;

    before(async function () {
      await backend.setUp?.(this);
      store = backend.open();
    });
    after(async () => backend.tearDown?.());

    it('counts hits within one window and reports when it ends', async () => {
      const key = freshKey();
      const now = backend.now();
      const first = await store.hit(key, backend.windowMs, now);
      const second = await store.hit(key, backend.windowMs, now);
      const third = await store.hit(key, backend.windowMs, now);

      expect([first.count, second.count, third.count]).to.deep.equal([1, 2, 3]);
      expect(first.resetAt.getTime()).to.be.greaterThan(now.getTime());
      expect(first.resetAt.getTime()).to.be.at.most(now.getTime() + backend.windowMs);
      // The window's end does not move while it lasts (Redis: within TTL rounding).
      expect(third.resetAt.getTime()).to.be.closeTo(first.resetAt.getTime(), 50);
    });

    it('keeps separate keys independent', async () => {
      const a = freshKey();
      const b = freshKey();
      const now = backend.now();
      await store.hit(a, backend.windowMs, now);
      await store.hit(a, backend.windowMs, now);

      expect((await store.hit(b, backend.windowMs, now)).count).to.equal(1);
      expect((await store.hit(a, backend.windowMs, now)).count).to.equal(3);
    });

    it('starts a new window once the previous one has expired', async () => {
      const key = freshKey();
      const now = backend.now();
      await store.hit(key, backend.windowMs, now);
      const last = await store.hit(key, backend.windowMs, now);

      const later = await backend.pastWindow(now);
      const next = await store.hit(key, backend.windowMs, later);

      expect(next.count).to.equal(1);
      expect(next.resetAt.getTime()).to.be.greaterThan(last.resetAt.getTime());
      expect(next.resetAt.getTime()).to.be.at.most(later.getTime() + backend.windowMs);
    });

    it('shares one count between stores on the same backend', async () => {
      const key = freshKey();
      const other = backend.open();
      const now = backend.now();
      await store.hit(key, backend.windowMs, now);
      await other.hit(key, backend.windowMs, now);

      expect((await store.hit(key, backend.windowMs, now)).count).to.equal(3);
      expect((await other.hit(key, backend.windowMs, now)).count).to.equal(4);
    });
  });
}

rateLimitStoreContract('memory', () => {
  const start = new Date('2030-01-01T00:00:00.000Z');
  // A process-local store is its own shared state: every "instance" of it in one
  // process is the same object, as the composition root binds it as a singleton.
  const shared = new MemoryRateLimitStore();
  return {
    windowMs: 60_000,
    open: () => shared,
    now: () => start,
    pastWindow: async (from) => new Date(from.getTime() + 60_000),
  };
});

rateLimitStoreContract('Redis', () => {
  // Unique per run, so parallel runs and earlier crashes never share counts.
  const prefix = `test:ratelimit:${randomUUID()}:`;
  const windowMs = 300; // a real window: short, but long enough for a few round trips
  const clients: Redis[] = [];
  return {
    windowMs,
    async setUp(ctx) {
      await requireServer(ctx, 'Redis');
    },
    open() {
      const client = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
      clients.push(client);
      return new RedisRateLimitStore(client, prefix);
    },
    now: () => new Date(),
    async pastWindow() {
      await new Promise((resolve) => setTimeout(resolve, windowMs + 50));
      return new Date();
    },
    async tearDown() {
      const [client] = clients;
      if (client) {
        const keys = await client.keys(`${prefix}*`);
        if (keys.length > 0) await client.del(...keys);
      }
      await Promise.all(clients.map((c) => c.quit()));
    },
  };
});

describe('MemoryRateLimitStore', () => {
  it('forgets expired windows, so memory stays bounded under many keys', async () => {
    const store = new MemoryRateLimitStore();
    const start = Date.parse('2030-01-01T00:00:00.000Z');
    for (let i = 0; i < 1000; i++) await store.hit(`api_key:${i}`, 1000, new Date(start));
    expect(store.size).to.equal(1000);

    await store.hit('api_key:late', 1000, new Date(start + 1000));
    expect(store.size).to.equal(1);
  });
});

describe('RedisRateLimitStore', function () {
  const clients: Redis[] = [];
  const prefixes = [`test:ratelimit:${randomUUID()}:`, `test:ratelimit:${randomUUID()}:`];

  before(async function () {
    await requireServer(this, 'Redis');
  });
  after(async () => {
    for (const [i, client] of clients.entries()) {
      const keys = await client.keys(`${prefixes[i]}*`);
      if (keys.length > 0) await client.del(...keys);
    }
    await Promise.all(clients.map((c) => c.quit()));
  });

  it('keeps counts apart under different key prefixes', async () => {
    const [a, b] = prefixes.map((prefix) => {
      const client = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
      clients.push(client);
      return new RedisRateLimitStore(client, prefix);
    });
    const now = new Date();
    await a.hit('api_key:k', 60_000, now);
    expect((await b.hit('api_key:k', 60_000, now)).count).to.equal(1);
    expect((await a.hit('api_key:k', 60_000, now)).count).to.equal(2);
  });
});
