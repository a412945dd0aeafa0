import { expect } from 'chai';
import { type DataSource } from 'typeorm';
import { type UnitOfWork } from '../../application/ports/UnitOfWork';
import { MemoryUnitOfWork } from '../../adapters/outbound/persistence/memory/MemoryUnitOfWork';
import { MemoryWorkspaceRepository } from '../../adapters/outbound/persistence/memory/MemoryWorkspaceRepository';
import { TypeOrmWorkspaceRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmWorkspaceRepository';
import { TypeOrmUnitOfWork } from '../../adapters/outbound/persistence/typeorm/transactionContext';
import { Workspace } from '../../domain/workspace/Workspace';
import { type WorkspaceRepository } from '../../domain/workspace/WorkspaceRepository';
import { DATABASE_KINDS, openTestDatabase, serverFor } from '../support/databases';
import { requireServer } from '../support/services';

interface Backend {
  workspaces: WorkspaceRepository;
  unitOfWork: UnitOfWork;
  close(): Promise<void>;
}

const NOW = new Date('2026-01-01T00:00:00.000Z');
let counter = 0;
const newWorkspace = () => Workspace.create({ id: `LOCK${String(++counter).padStart(22, '0')}`, name: `Locked ${counter}`, now: NOW });
const tick = () => new Promise((resolve) => setTimeout(resolve, 50));

/** WorkspaceRepository.lockForMembershipChange on every adapter. */
function lockContract(name: string, open: (ctx: Mocha.Context) => Promise<Backend>, holdsALock: boolean): void {
  describe(`Workspace membership lock contract: ${name}`, function () {
    let b: Backend;
    before(async function () {
      b = await open(this);
    });
    after(async () => b?.close());

    it('returns the workspace inside a unit of work, and null for an unknown one', async () => {
      const workspace = newWorkspace();
      await b.workspaces.save(workspace);
      const locked = await b.unitOfWork.run(() => b.workspaces.lockForMembershipChange(workspace.id));
      expect(locked?.toSnapshot()).to.deep.equal(workspace.toSnapshot());
      expect(await b.unitOfWork.run(() => b.workspaces.lockForMembershipChange('LOCK_UNKNOWN'))).to.equal(null);
    });

    if (holdsALock) {
      it('makes a second holder of the same workspace wait until the first unit of work ends', async () => {
        const workspace = newWorkspace();
        await b.workspaces.save(workspace);
        const events: string[] = [];
        let release!: () => void;
        const released = new Promise<void>((resolve) => {
          release = resolve;
        });
        const first = b.unitOfWork.run(async () => {
          await b.workspaces.lockForMembershipChange(workspace.id);
          events.push('first locked');
          await released;
          events.push('first done');
        });
        await tick();
        const second = b.unitOfWork.run(async () => {
          await b.workspaces.lockForMembershipChange(workspace.id);
          events.push('second locked');
        });
        await tick();
        events.push('releasing');
        release();
        await Promise.all([first, second]);
        expect(events).to.deep.equal(['first locked', 'releasing', 'first done', 'second locked']);
      });
    }
  });
}

lockContract(
  'memory',
  async () => ({
    workspaces: new MemoryWorkspaceRepository(),
    unitOfWork: new MemoryUnitOfWork(),
    close: async () => undefined,
  }),
  false,
);

for (const kind of DATABASE_KINDS) {
  lockContract(
    `TypeORM on ${kind}`,
    async (ctx) => {
      const server = serverFor(kind);
      if (server) await requireServer(ctx, server);
      const dataSource: DataSource = await openTestDatabase(kind);
      return {
        workspaces: new TypeOrmWorkspaceRepository(dataSource),
        unitOfWork: new TypeOrmUnitOfWork(dataSource),
        close: () => dataSource.destroy(),
      };
    },
    true,
  );
}
