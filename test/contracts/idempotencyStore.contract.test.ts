import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { type DataSource } from 'typeorm';
import { type IdempotencyStore, type StoredResponse } from '../../application/ports/IdempotencyStore';
import { MemoryIdempotencyStore } from '../../adapters/outbound/persistence/memory/MemoryIdempotencyStore';
import { EncryptedIdempotencyStore } from '../../adapters/outbound/keys/EncryptedIdempotencyStore';
import { SecretBox } from '../../adapters/outbound/keys/SecretBox';
import { InFlightIdempotencyKeys } from '../../adapters/outbound/persistence/typeorm/InFlightIdempotencyKeys';
import { SWEEP_INTERVAL_MS, TypeOrmIdempotencyStore } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmIdempotencyStore';
import { openTestDatabase, type DatabaseKind } from '../support/databases';
import { requireServer } from '../support/services';

interface Backend {
  /** A store on the backend's shared state: for a database, as another instance would hold it. */
  open(): IdempotencyStore;
  close(): Promise<void>;
}

/** How long a completed response is kept (complete's keepUntil is T0 + TTL). */
const TTL = 24 * 60 * 60 * 1000;
/** How long an in-progress record holds its key. */
const LEASE = 2 * 60 * 1000;
const T0 = new Date('2030-01-01T00:00:00.123Z');
const later = (ms: number) => new Date(T0.getTime() + ms);
const KEEP_UNTIL = later(TTL);
const JSON_TYPE = 'application/json; charset=utf-8';

function idempotencyStoreContract(name: string, openBackend: (ctx: Mocha.Context) => Promise<Backend>): void {
  describe(`IdempotencyStore contract: ${name}`, function () {
    let backend: Backend;
    let store: IdempotencyStore;
    // Fresh scope and key per test, so no test sees another's records.
    let scope: string;
    let key: string;

    before(async function () {
      backend = await openBackend(this);
      store = backend.open();
    });
    after(async () => backend?.close());
    beforeEach(() => {
      scope = randomUUID().replace(/-/g, '').padEnd(64, '0');
      key = `key-${randomUUID()}`;
    });

    const begin = (fingerprint = 'fp-1', now = T0, s: IdempotencyStore = store) => s.begin(scope, key, fingerprint, now, LEASE);
    const complete = (response: StoredResponse, keepUntil = KEEP_UNTIL) => store.complete(scope, key, response, keepUntil);

    it('starts a new key, then reports it in progress to the same request', async () => {
      expect(await begin()).to.deep.equal({ outcome: 'started' });
      expect(await begin()).to.deep.equal({ outcome: 'in_progress' });
    });

    it('replays the completed response exactly: status, content type and every byte', async () => {
      const response: StoredResponse = { status: 201, contentType: JSON_TYPE, body: '{"name":"Launch 🚀👩🏽‍💻","n":1.50}' };
      await begin();
      await complete(response);
      expect(await begin('fp-1', later(1000))).to.deep.equal({ outcome: 'completed', response });
    });

    it("keeps the answer's ETag with it, and none for an answer that had none", async () => {
      const tagged: StoredResponse = { status: 200, contentType: JSON_TYPE, body: '{"id":"p1"}', etag: '"7"' };
      await begin();
      await complete(tagged);
      expect(await begin('fp-1', later(1000))).to.deep.equal({ outcome: 'completed', response: tagged });
    });

    it('keeps a body larger than 64 KiB and an empty one without a content type', async () => {
      const large: StoredResponse = { status: 200, contentType: JSON_TYPE, body: JSON.stringify({ text: 'é'.repeat(70_000) }) };
      await begin();
      await complete(large);
      expect(await begin()).to.deep.equal({ outcome: 'completed', response: large });

      const other = `${key}-empty`;
      const empty: StoredResponse = { status: 204, contentType: null, body: '' };
      await store.begin(scope, other, 'fp-1', T0, LEASE);
      await store.complete(scope, other, empty, KEEP_UNTIL);
      expect(await store.begin(scope, other, 'fp-1', T0, LEASE)).to.deep.equal({ outcome: 'completed', response: empty });
    });

    it('reports another request under the same key as a mismatch, running or completed', async () => {
      await begin('fp-1');
      expect(await begin('fp-2')).to.deep.equal({ outcome: 'mismatch' });
      await complete({ status: 200, contentType: JSON_TYPE, body: '{}' });
      expect(await begin('fp-2')).to.deep.equal({ outcome: 'mismatch' });
    });

    it('keeps scopes apart and compares keys exactly (case matters)', async () => {
      await begin();
      expect(await store.begin(`${scope.slice(0, 63)}f`, key, 'fp-1', T0, LEASE)).to.deep.equal({ outcome: 'started' });
      expect(await store.begin(scope, key.toUpperCase(), 'fp-1', T0, LEASE)).to.deep.equal({ outcome: 'started' });
    });

    it('forgets an abandoned request, so the key can start again', async () => {
      await begin('fp-1');
      await store.abandon(scope, key);
      expect(await begin('fp-2')).to.deep.equal({ outcome: 'started' });
    });

    it('never abandons a completed response', async () => {
      const response: StoredResponse = { status: 200, contentType: JSON_TYPE, body: '{"ok":true}' };
      await begin();
      await complete(response);
      await store.abandon(scope, key);
      expect(await begin()).to.deep.equal({ outcome: 'completed', response });
    });

    it('remembers a completed key until keepUntil, then lets it start afresh', async () => {
      await begin('fp-1');
      await complete({ status: 200, contentType: JSON_TYPE, body: '{}' });
      expect((await begin('fp-2', later(TTL - 1))).outcome).to.equal('mismatch');
      expect(await begin('fp-2', later(TTL))).to.deep.equal({ outcome: 'started' });
      expect(await begin('fp-2', later(TTL + 1))).to.deep.equal({ outcome: 'in_progress' });
    });

    it('holds an in-progress record until its lease passes, then lets the next begin take it over', async () => {
      await begin('fp-1');
      expect(await begin('fp-1', later(LEASE - 1))).to.deep.equal({ outcome: 'in_progress' });
      // The first request crashed: its retry takes the key over, for a lease of its own.
      expect(await begin('fp-1', later(LEASE))).to.deep.equal({ outcome: 'started' });
      expect(await begin('fp-1', later(2 * LEASE - 1))).to.deep.equal({ outcome: 'in_progress' });
      expect(await begin('fp-1', later(2 * LEASE))).to.deep.equal({ outcome: 'started' });
    });

    it('keeps a completed record replayable until keepUntil, long after the lease has passed', async () => {
      const response: StoredResponse = { status: 201, contentType: JSON_TYPE, body: '{"id":1}' };
      await begin('fp-1');
      await complete(response);
      for (const at of [later(LEASE), later(LEASE + 1), later(10 * LEASE), later(TTL - 1)]) {
        expect(await begin('fp-1', at)).to.deep.equal({ outcome: 'completed', response });
      }
      expect(await begin('fp-1', KEEP_UNTIL)).to.deep.equal({ outcome: 'started' });
    });

    it('of 10 concurrent begins on a key whose lease has passed, exactly one takes it over', async () => {
      await begin('fp-1');
      const stores = [store, backend.open(), backend.open()];
      const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => begin('fp-1', later(LEASE + 5), stores[i % stores.length])));
      expect(countOutcomes(outcomes)).to.deep.equal({ started: 1, in_progress: 9 });
    });

    it('of 10 concurrent begins on one key, from several stores, exactly one starts', async () => {
      const stores = [store, backend.open(), backend.open()];
      const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => begin('fp-1', T0, stores[i % stores.length])));
      const counts = countOutcomes(outcomes);
      expect(counts).to.deep.equal({ started: 1, in_progress: 9 });
    });

    it('of 10 concurrent begins on an expired key, exactly one takes it over', async () => {
      await begin('fp-old');
      await complete({ status: 200, contentType: JSON_TYPE, body: '{}' });
      const stores = [store, backend.open(), backend.open()];
      const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => begin('fp-new', later(TTL + 5), stores[i % stores.length])));
      expect(countOutcomes(outcomes)).to.deep.equal({ started: 1, in_progress: 9 });
    });
  });
}

function countOutcomes(outcomes: Array<{ outcome: string }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { outcome } of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
}

idempotencyStoreContract('memory', async () => {
  const shared = new MemoryIdempotencyStore();
  return { open: () => shared, close: async () => undefined };
});

for (const kind of ['sqlite', 'mysql'] as const satisfies readonly DatabaseKind[]) {
  idempotencyStoreContract(kind === 'sqlite' ? 'TypeORM on SQLite' : 'TypeORM on MariaDB', async (ctx) => {
    if (kind === 'mysql') await requireServer(ctx, 'MySQL');
    const dataSource: DataSource = await openTestDatabase(kind);
    return { open: () => new TypeOrmIdempotencyStore(dataSource), close: () => dataSource.destroy() };
  });
}

/** As config/bindings/persistence.ts composes it: sealed bodies. */
for (const kind of ['sqlite', 'mysql'] as const satisfies readonly DatabaseKind[]) {
  idempotencyStoreContract(`sealed TypeORM on ${kind === 'sqlite' ? 'SQLite' : 'MariaDB'}`, async (ctx) => {
    if (kind === 'mysql') await requireServer(ctx, 'MySQL');
    const dataSource: DataSource = await openTestDatabase(kind);
    const box = new SecretBox('contract-secret');
    return {
      open: () => new EncryptedIdempotencyStore(new TypeOrmIdempotencyStore(dataSource), box),
      close: () => dataSource.destroy(),
    };
  });
}

/** As config/bindings/persistence.ts composes it on SQLite: the keys running answered from memory (each open() is another process). */
idempotencyStoreContract('sealed TypeORM on SQLite, with in-flight keys', async () => {
  const dataSource: DataSource = await openTestDatabase('sqlite');
  const box = new SecretBox('contract-secret');
  return {
    open: () => new EncryptedIdempotencyStore(new InFlightIdempotencyKeys(new TypeOrmIdempotencyStore(dataSource)), box),
    close: () => dataSource.destroy(),
  };
});

for (const kind of ['sqlite', 'mysql'] as const satisfies readonly DatabaseKind[]) {
  describe(`IdempotencyStore at rest, TypeORM on ${kind === 'sqlite' ? 'SQLite' : 'MariaDB'}`, function () {
    let dataSource: DataSource;
    before(async function () {
      if (kind === 'mysql') await requireServer(this, 'MySQL');
      dataSource = await openTestDatabase(kind);
    });
    after(async () => dataSource?.destroy());

    const rows = async (): Promise<Array<{ idempotency_key: string; response_body: string | null }>> =>
      dataSource.query('SELECT idempotency_key, response_body FROM idempotency_keys ORDER BY idempotency_key');
    const scope = () => randomUUID().replace(/-/g, '').padEnd(64, '0');

    it('deletes expired records from within begin, at most once per 10 minutes per instance', async () => {
      await dataSource.query('DELETE FROM idempotency_keys');
      const store = new TypeOrmIdempotencyStore(dataSource);
      const s = scope();
      await store.begin(s, 'a', 'fp', T0, LEASE);
      await store.complete(s, 'a', { status: 200, contentType: null, body: 'a' }, later(1000));
      await store.begin(s, 'b', 'fp', later(2000), LEASE);
      // Both are expired by now, but this instance swept at T0: not again before T0 + 10 minutes.
      await store.begin(s, 'c', 'fp', later(SWEEP_INTERVAL_MS - 1), LEASE);
      expect((await rows()).map((r) => r.idempotency_key)).to.deep.equal(['a', 'b', 'c']);

      await store.begin(s, 'd', 'fp', later(SWEEP_INTERVAL_MS), LEASE);
      expect(
        (await rows()).map((r) => r.idempotency_key),
        'a and b expired; c is held until its lease ends',
      ).to.deep.equal(['c', 'd']);

      // Another instance sweeps on its first begin: c's lease has passed, d's has not.
      await new TypeOrmIdempotencyStore(dataSource).begin(s, 'e', 'fp', later(SWEEP_INTERVAL_MS + LEASE - 1), LEASE);
      expect((await rows()).map((r) => r.idempotency_key)).to.deep.equal(['d', 'e']);
    });

    it('keeps bodies sealed: the table never holds the response in clear, and a replay opens it exactly', async () => {
      const store = new EncryptedIdempotencyStore(new TypeOrmIdempotencyStore(dataSource), new SecretBox('contract-secret'));
      const s = scope();
      const response: StoredResponse = { status: 201, contentType: JSON_TYPE, body: '{"key":"dsk_SECRETSECRETSECRET","name":"🚀"}' };
      await store.begin(s, 'sealed', 'fp', T0, LEASE);
      await store.complete(s, 'sealed', response, KEEP_UNTIL);
      const stored = (await rows()).find((r) => r.idempotency_key === 'sealed')!;
      expect(stored.response_body).to.be.a('string').and.not.contain('dsk_').and.not.contain('SECRET');
      expect(await store.begin(s, 'sealed', 'fp', later(1000), LEASE)).to.deep.equal({ outcome: 'completed', response });
      // Under another SECRET_KEY the body cannot be opened: an error (a 503 to the client), never a wrong replay.
      const otherKey = new EncryptedIdempotencyStore(new TypeOrmIdempotencyStore(dataSource), new SecretBox('another-secret'));
      const failure = await otherKey.begin(s, 'sealed', 'fp', later(1000), LEASE).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).to.be.instanceOf(Error);
    });
  });
}
