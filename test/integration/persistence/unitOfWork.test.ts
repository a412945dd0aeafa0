import { expect } from 'chai';
import { type DataSource } from 'typeorm';
import { TypeOrmUserRepository } from '../../../adapters/outbound/persistence/typeorm/repositories/TypeOrmUserRepository';
import { TypeOrmUnitOfWork } from '../../../adapters/outbound/persistence/typeorm/transactionContext';
import { User } from '../../../domain/user/User';
import { DATABASE_KINDS, openTestDatabase, serverFor } from '../../support/databases';
import { requireServer } from '../../support/services';

const at = new Date('2026-01-01T00:00:00.000Z');
const userWith = (email: string) => User.create({ id: email.slice(0, 26).padEnd(26, '0').toUpperCase(), email, passwordHash: 'x', now: at });
/** Lets every other queued callback run, so concurrent units of work interleave for real. */
const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Units of work that do not come through HTTP (a worker beside a request): each commits or
 * rolls back alone, whatever the other does. On SQLite every statement shares one
 * connection, so this holds only because the unit of work serializes its users itself.
 */
for (const kind of DATABASE_KINDS) {
  describe(`TypeOrmUnitOfWork outside HTTP on ${kind}`, function () {
    let dataSource: DataSource;
    let users: TypeOrmUserRepository;
    let unitOfWork: TypeOrmUnitOfWork;

    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      dataSource = await openTestDatabase(kind);
      users = new TypeOrmUserRepository(dataSource);
      unitOfWork = new TypeOrmUnitOfWork(dataSource);
    });
    after(() => dataSource?.destroy());

    it('keeps the committed work of one when a concurrent one fails and rolls back', async () => {
      const worker = unitOfWork.run(async () => {
        await users.save(userWith('worker@example.com'));
        await yieldToOthers();
        return 'committed';
      });
      const request = unitOfWork.run(async () => {
        await users.save(userWith('request@example.com'));
        await yieldToOthers();
        throw new Error('the request failed');
      });
      const [workerOutcome, requestOutcome] = await Promise.allSettled([worker, request]);
      expect(workerOutcome).to.deep.equal({ status: 'fulfilled', value: 'committed' });
      expect(requestOutcome.status).to.equal('rejected');
      expect(await users.findByEmail('worker@example.com')).to.not.equal(null);
      expect(await users.findByEmail('request@example.com')).to.equal(null);
    });

    it('lets no statement outside a unit of work see its uncommitted rows, nor join it', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let saved!: () => void;
      const hasSaved = new Promise<void>((resolve) => {
        saved = resolve;
      });
      const open = unitOfWork.run(async () => {
        await users.save(userWith('pending@example.com'));
        saved();
        await held;
        throw new Error('rolled back');
      });
      await hasSaved;
      const outsideRead = users.findByEmail('pending@example.com');
      const outsideWrite = users.save(userWith('outside@example.com'));
      await yieldToOthers();
      release();
      await open.catch(() => undefined);
      expect(await outsideRead).to.equal(null);
      await outsideWrite;
      expect(await users.findByEmail('outside@example.com')).to.not.equal(null);
      expect(await users.findByEmail('pending@example.com')).to.equal(null);
    });

    it('joins the unit of work already open in the same async context (reentrant)', async () => {
      const outcome = unitOfWork.run(async () => {
        await users.save(userWith('outer@example.com'));
        await unitOfWork.run(() => users.save(userWith('inner@example.com')));
        throw new Error('the outer work failed');
      });
      await outcome.then(
        () => expect.fail('should have failed'),
        () => undefined,
      );
      expect(await users.findByEmail('outer@example.com')).to.equal(null);
      expect(await users.findByEmail('inner@example.com')).to.equal(null);
    });
  });
}
