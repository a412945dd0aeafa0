import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { type DataSource } from 'typeorm';
import { type IdempotencyStore } from '../../application/ports/IdempotencyStore';
import { EncryptedIdempotencyStore } from '../../adapters/outbound/keys/EncryptedIdempotencyStore';
import { SecretBox } from '../../adapters/outbound/keys/SecretBox';
import { InFlightIdempotencyKeys } from '../../adapters/outbound/persistence/typeorm/InFlightIdempotencyKeys';
import { TypeOrmIdempotencyStore } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmIdempotencyStore';
import { IdempotencyKeySchema } from '../../adapters/outbound/persistence/typeorm/schemas/IdempotencyKeySchema';
import { managerOf, TypeOrmUnitOfWork } from '../../adapters/outbound/persistence/typeorm/transactionContext';
import { openTestDatabase, type DatabaseKind } from '../support/databases';
import { requireServer } from '../support/services';

const LEASE = 2 * 60 * 1000;
const TTL = 24 * 60 * 60 * 1000;
const T0 = new Date('2030-01-01T00:00:00.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);
const KEEP_UNTIL = later(TTL);

/**
 * A request that took effect is never run twice under its key, even when the process stops
 * between its commit and the stored answer (docs/decisions.md, "Idempotency"): each unit of work
 * the request commits marks the key in its own transaction.
 */
for (const kind of ['sqlite', 'mysql'] as const satisfies readonly DatabaseKind[]) {
  describe(`Idempotency keys mark what a request committed: TypeORM on ${kind === 'sqlite' ? 'SQLite' : 'MariaDB'}`, function () {
    let dataSource: DataSource;
    let unitOfWork: TypeOrmUnitOfWork;
    let scope: string;
    let key: string;

    before(async function () {
      if (kind === 'mysql') await requireServer(this, 'MySQL');
      dataSource = await openTestDatabase(kind);
      unitOfWork = new TypeOrmUnitOfWork(dataSource);
    });
    after(async () => dataSource?.destroy());
    beforeEach(() => {
      scope = randomUUID().replace(/-/g, '').padEnd(64, '0');
      key = `key-${randomUUID()}`;
    });

    /** As config/bindings/persistence.ts composes it; on SQLite with the keys running kept in memory. */
    const storeAsComposed = (): IdempotencyStore => {
      const stored = new TypeOrmIdempotencyStore(dataSource);
      return new EncryptedIdempotencyStore(kind === 'sqlite' ? new InFlightIdempotencyKeys(stored) : stored, new SecretBox('effects-secret'));
    };
    /** The request's own change: a row only it writes, inside its unit of work. */
    const change = `change-${randomUUID()}`;
    const writeChange = (n: number) =>
      managerOf(dataSource)
        .getRepository(IdempotencyKeySchema)
        .insert({ scope, key: `${change}-${n}`, fingerprint: 'x', state: 'completed', createdAt: T0, expiresAt: KEEP_UNTIL });
    const changes = async (): Promise<number> =>
      Number((await dataSource.query('SELECT COUNT(*) AS n FROM idempotency_keys WHERE scope = ? AND idempotency_key LIKE ?', [scope, `${change}-%`]))[0].n);
    const begin = (store: IdempotencyStore, at: Date) => store.begin(scope, key, 'fp', at, LEASE);

    it('a request whose unit of work committed, then lost its answer (the process stopped), is never started again', async () => {
      const first = storeAsComposed();
      expect(await begin(first, T0)).to.deep.equal({ outcome: 'started' });
      await first.markingEffects(scope, key, KEEP_UNTIL, () => unitOfWork.run(() => writeChange(1)));
      // The process stops here: no complete, no abandon. Another process answers the retries.
      const restarted = storeAsComposed();
      expect(await begin(restarted, later(LEASE - 1)), 'within the lease its request may still answer').to.deep.equal({ outcome: 'in_progress' });
      for (const at of [later(LEASE), later(10 * LEASE), later(TTL - 1)]) {
        expect(await begin(restarted, at), `at T0 + ${at.getTime() - T0.getTime()} ms`).to.deep.equal({ outcome: 'took_effect' });
      }
      expect(await changes()).to.equal(1);
      expect(await begin(restarted, KEEP_UNTIL), 'forgotten with the answers it would have kept').to.deep.equal({ outcome: 'started' });
    });

    it('a unit of work that rolled back marks nothing: after its lease the key starts again', async () => {
      const first = storeAsComposed();
      await begin(first, T0);
      const failed = await first
        .markingEffects(scope, key, KEEP_UNTIL, () =>
          unitOfWork.run(async () => {
            await writeChange(1);
            throw new Error('refused halfway');
          }),
        )
        .then(
          () => null,
          (error: Error) => error.message,
        );
      expect(failed).to.equal('refused halfway');
      expect(await changes()).to.equal(0);
      expect(await begin(storeAsComposed(), later(LEASE))).to.deep.equal({ outcome: 'started' });
    });

    it('a request that failed after committing answers took_effect at once; one that changed nothing starts again', async () => {
      const store = storeAsComposed();
      await begin(store, T0);
      await store.markingEffects(scope, key, KEEP_UNTIL, () => unitOfWork.run(() => writeChange(1)));
      await store.abandon(scope, key);
      expect(await begin(store, later(1))).to.deep.equal({ outcome: 'took_effect' });

      const unchanged = `${key}-read-only`;
      await store.begin(scope, unchanged, 'fp', T0, LEASE);
      await store.markingEffects(scope, unchanged, KEEP_UNTIL, async () => managerOf(dataSource).query('SELECT 1'));
      await store.abandon(scope, unchanged);
      expect(await store.begin(scope, unchanged, 'fp', later(1), LEASE)).to.deep.equal({ outcome: 'started' });
    });

    it('a request of two units that answers is replayed as usual, and another request under the key is still a mismatch', async () => {
      const store = storeAsComposed();
      await begin(store, T0);
      await store.markingEffects(scope, key, KEEP_UNTIL, async () => {
        await unitOfWork.run(() => writeChange(1));
        await unitOfWork.run(() => writeChange(2));
      });
      expect(await store.begin(scope, key, 'another', later(1), LEASE)).to.deep.equal({ outcome: 'mismatch' });
      const response = { status: 201, contentType: 'application/json', body: '{"id":"p1"}' };
      await store.complete(scope, key, response, KEEP_UNTIL);
      expect(await begin(store, later(LEASE + 1))).to.deep.equal({ outcome: 'completed', response });
      expect(await changes()).to.equal(2);
    });
  });
}
