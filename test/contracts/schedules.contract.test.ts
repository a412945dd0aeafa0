import { expect } from 'chai';
import { type DataSource } from 'typeorm';
import { type QueueSlots } from '../../application/ports/QueueSlots';
import { type UnitOfWork } from '../../application/ports/UnitOfWork';
import { MemoryConnectionRepository } from '../../adapters/outbound/persistence/memory/MemoryConnectionRepository';
import { MemoryPostRepository } from '../../adapters/outbound/persistence/memory/MemoryPostRepository';
import { MemoryPostingSchedules, MemoryQueueSlots } from '../../adapters/outbound/persistence/memory/MemorySchedules';
import { MemoryUnitOfWork } from '../../adapters/outbound/persistence/memory/MemoryUnitOfWork';
import { MemoryWorkspaceRepository } from '../../adapters/outbound/persistence/memory/MemoryWorkspaceRepository';
import { TypeOrmConnectionRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmConnectionRepository';
import { TypeOrmWorkspaceRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmWorkspaceRepository';
import { TypeOrmPostingSchedules } from '../../adapters/outbound/persistence/typeorm/schedules/TypeOrmPostingSchedules';
import { TypeOrmQueueSlots } from '../../adapters/outbound/persistence/typeorm/schedules/TypeOrmQueueSlots';
import { TypeOrmUnitOfWork } from '../../adapters/outbound/persistence/typeorm/transactionContext';
import { Connection } from '../../domain/connection/Connection';
import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { PostingSchedule } from '../../domain/schedule/PostingSchedule';
import { type PostingScheduleRepository } from '../../domain/schedule/PostingScheduleRepository';
import { Workspace } from '../../domain/workspace/Workspace';
import { type WorkspaceRepository } from '../../domain/workspace/WorkspaceRepository';
import { DATABASE_KINDS, openTestDatabase, serverFor } from '../support/databases';
import { requireServer } from '../support/services';

interface Backend {
  slots: QueueSlots;
  schedules: PostingScheduleRepository;
  connections: ConnectionRepository;
  workspaces: WorkspaceRepository;
  unitOfWork: UnitOfWork;
  close(): Promise<void>;
}

const NOW = new Date('2030-01-07T06:00:00.000Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);
let counter = 0;
const id = (lead: string) => `${lead}${String(++counter).padStart(26 - lead.length, '0')}`;

/** QueueSlots and PostingScheduleRepository on every adapter: one target per connection and instant. */
function schedulesContract(name: string, open: (ctx: Mocha.Context) => Promise<Backend>): void {
  describe(`Posting schedules and queue slots contract: ${name}`, function () {
    let b: Backend;
    let ws: string;
    let connectionId: string;
    before(async function () {
      b = await open(this);
      const workspace = Workspace.create({ id: id('WS'), name: 'Slots', now: NOW });
      await b.workspaces.save(workspace);
      ws = workspace.id;
    });
    beforeEach(async () => {
      const connection = Connection.create({ id: id('CN'), workspaceId: ws, platform: 'TWITTER', handle: '@slots', now: NOW });
      await b.connections.save(connection);
      connectionId = connection.id;
    });
    after(async () => b?.close());
    const hold = (targetId = id('TG')) => ({ workspaceId: ws, connectionId, postId: id('PS'), targetId });

    it('a schedule round-trips, and a second save replaces it', async () => {
      expect(await b.schedules.find(connectionId)).to.equal(null);
      await b.schedules.save(PostingSchedule.create({ connectionId, timeZone: 'Europe/Berlin', slots: [{ day: 'mon', time: '09:00' }], now: NOW }));
      const replaced = PostingSchedule.create({ connectionId, timeZone: 'UTC', slots: [{ day: 'tue', time: '10:30' }], now: at(1) });
      await b.schedules.save(replaced);
      expect((await b.schedules.find(connectionId))?.toSnapshot()).to.deep.equal(replaced.toSnapshot());
    });

    it('claims the first candidate no one holds; lists what is held, by connection and by post; releases by target', async () => {
      const first = hold();
      const second = hold();
      expect(await b.slots.claim(first, [at(1), at(2)])).to.deep.equal(at(1));
      expect(await b.slots.claim(second, [at(1), at(2)])).to.deep.equal(at(2));
      expect(await b.slots.heldBetween(connectionId, at(0), at(2))).to.deep.equal([{ at: at(1), postId: first.postId, targetId: first.targetId }]);
      expect(await b.slots.heldBy(second.postId)).to.deep.equal([{ at: at(2), postId: second.postId, targetId: second.targetId }]);
      expect(await b.slots.claim(hold(), [at(1), at(2)])).to.equal(null);
      await b.slots.release([first.targetId]);
      expect(await b.slots.claim(hold(), [at(1), at(2)])).to.deep.equal(at(1));
    });

    it('of ten claims for one instant at once, exactly one gets it', async () => {
      const results = await Promise.all(Array.from({ length: 10 }, () => b.unitOfWork.run(() => b.slots.claim(hold(), [at(5)]))));
      expect(results.filter((r) => r !== null)).to.have.length(1);
    });

    it('a claim in a unit of work that then fails is undone where the unit of work is atomic', async () => {
      const failed = await b.unitOfWork
        .run(async () => {
          await b.slots.claim(hold(), [at(7)]);
          throw new Error('the post was refused');
        })
        .catch((error: unknown) => error);
      expect(failed).to.be.instanceOf(Error);
      if (b.unitOfWork.atomic) expect(await b.slots.heldBetween(connectionId, at(7), at(8))).to.deep.equal([]);
    });
  });
}

schedulesContract('memory', async () => ({
  slots: new MemoryQueueSlots(new MemoryPostRepository()),
  schedules: new MemoryPostingSchedules(),
  connections: new MemoryConnectionRepository(),
  workspaces: new MemoryWorkspaceRepository(),
  unitOfWork: new MemoryUnitOfWork(),
  close: async () => undefined,
}));

for (const kind of DATABASE_KINDS) {
  schedulesContract(`TypeORM on ${kind}`, async (ctx) => {
    const server = serverFor(kind);
    if (server) await requireServer(ctx, server);
    const dataSource: DataSource = await openTestDatabase(kind);
    return {
      slots: new TypeOrmQueueSlots(dataSource),
      schedules: new TypeOrmPostingSchedules(dataSource),
      connections: new TypeOrmConnectionRepository(dataSource),
      workspaces: new TypeOrmWorkspaceRepository(dataSource),
      unitOfWork: new TypeOrmUnitOfWork(dataSource),
      close: () => dataSource.destroy(),
    };
  });
}
