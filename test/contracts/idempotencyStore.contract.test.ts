import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { type DataSource } from 'typeorm';
import { type IdempotencyStore, type StoredResponse } from '../../application/ports/IdempotencyStore';
import { MemoryIdempotencyStore } from '../../adapters/outbound/persistence/memory/MemoryIdempotencyStore';
import { TypeOrmIdempotencyStore } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmIdempotencyStore';
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
