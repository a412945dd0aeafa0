import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { type DataSource } from 'typeorm';
import { type InboundEventLog } from '../../application/ports/InboundEventLog';
import { MemoryInboundEventLog } from '../../adapters/outbound/persistence/memory/MemoryInboundEventLog';
import { TypeOrmInboundEventLog } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmInboundEventLog';
import { DATABASE_KINDS, openTestDatabase } from '../support/databases';
import { requireServer } from '../support/services';

interface Backend {
  /** A log on the backend's shared state: for a database, as another instance would hold it. */
  open(): InboundEventLog;
  close(): Promise<void>;
}

const T0 = new Date('2030-01-01T00:00:00.123Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

function inboundEventLogContract(name: string, openBackend: (ctx: Mocha.Context) => Promise<Backend>): void {
  describe(`InboundEventLog contract: ${name}`, function () {
    let backend: Backend;
    let log: InboundEventLog;
    // A fresh source per test, so no test sees another's sightings.
    let source: string;

    before(async function () {
      backend = await openBackend(this);
      log = backend.open();
    });
    after(async () => backend?.close());
    beforeEach(() => {
      source = `test-${randomUUID()}`;
    });

    it('says true for the first sighting of an event, false for every later one', async () => {
      expect(await log.firstSighting(source, 'evt_1', T0)).to.equal(true);
      expect(await log.firstSighting(source, 'evt_1', later(1000))).to.equal(false);
      expect(await log.firstSighting(source, 'evt_1', later(2000))).to.equal(false);
    });

    it('keeps sources and event ids apart, comparing ids exactly', async () => {
      const other = `${source}-other`;
      expect(await log.firstSighting(source, 'evt_A', T0)).to.equal(true);
      expect(await log.firstSighting(other, 'evt_A', T0)).to.equal(true);
      expect(await log.firstSighting(source, 'evt_a', T0)).to.equal(true);
      expect(await log.firstSighting(source, 'evt_é', T0)).to.equal(true);
      expect(await log.firstSighting(source, 'evt_e', T0)).to.equal(true);
    });

    it('takes a 255-character event id', async () => {
      const long = `evt_${'x'.repeat(251)}`;
      expect(await log.firstSighting(source, long, T0)).to.equal(true);
      expect(await log.firstSighting(source, long, T0)).to.equal(false);
    });

    it('gives exactly one of many concurrent deliveries of one event the first sighting, across instances', async () => {
      const logs = [log, backend.open(), backend.open()];
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => logs[i % logs.length]!.firstSighting(source, 'evt_race', T0)));
      expect(results.filter(Boolean)).to.have.length(1);
    });

    it('forgets one sighting so the retry of a failed event is acted on, and only that one', async () => {
      await log.firstSighting(source, 'evt_failed', T0);
      await log.firstSighting(source, 'evt_done', T0);
      await log.forget(source, 'evt_failed');
      await log.forget(source, 'evt_never_seen');
      expect(await log.firstSighting(source, 'evt_failed', later(1000))).to.equal(true);
      expect(await log.firstSighting(source, 'evt_done', later(1000))).to.equal(false);
    });

    it('forgets the sightings older than a cutoff, counting them', async () => {
      const old = T0;
      const recent = later(10_000);
      // Another test's sightings may be older too: only this source's are checked.
      await log.firstSighting(source, 'evt_old', old);
      await log.firstSighting(source, 'evt_recent', recent);
      expect(await log.forgetSeenBefore(later(5_000))).to.be.at.least(1);
      expect(await log.firstSighting(source, 'evt_old', later(20_000))).to.equal(true);
      expect(await log.firstSighting(source, 'evt_recent', later(20_000))).to.equal(false);
      // At the cutoff itself a sighting is kept.
      expect(await log.forgetSeenBefore(recent)).to.equal(0);
    });
  });
}

inboundEventLogContract('memory', async () => {
  const log = new MemoryInboundEventLog();
  return { open: () => log, close: async () => undefined };
});

for (const kind of DATABASE_KINDS) {
  inboundEventLogContract(`TypeORM on ${kind === 'sqlite' ? 'SQLite, write-locked' : 'MariaDB'}`, async (ctx) => {
    if (kind === 'mysql') await requireServer(ctx, 'MySQL');
    const dataSource: DataSource = await openTestDatabase(kind);
    // SQLite shares one lock per database, as the composition root gives it.
    return { open: () => new TypeOrmInboundEventLog(dataSource), close: () => dataSource.destroy() };
  });
}
