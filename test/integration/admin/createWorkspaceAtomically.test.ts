import { expect } from 'chai';
import { CreateWorkspace } from '../../../application/admin/CreateWorkspace';
import { type Clock } from '../../../application/ports/Clock';
import { type UnitOfWork } from '../../../application/ports/UnitOfWork';
import { type UserRepository } from '../../../domain/user/UserRepository';
import { type MembershipRepository } from '../../../domain/workspace/MembershipRepository';
import { type WorkspaceRepository } from '../../../domain/workspace/WorkspaceRepository';
import { TOKENS } from '../../../config/tokens';
import { type ServiceToken } from '../../../config/Wiring';
import { DATABASE_KINDS, serverFor } from '../../support/databases';
import { requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';

/**
 * A workspace is never left without its owner: when the owner's membership cannot be
 * written after the workspace row was, the workspace row goes too. The real repositories
 * and unit of work of the composition, with the membership write made to fail.
 */
for (const kind of DATABASE_KINDS) {
  describe(`CreateWorkspace on ${kind}: the workspace and its owner, or neither`, function () {
    let t: TestApp;
    const get = <T>(service: ServiceToken<T>): T => t.composition.get(service);

    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      t = await startTestApp(await freshDatabaseEnv(kind));
      await t.given.user('owner@example.com');
    });
    after(async () => t?.close());

    it('leaves no workspace when the owner membership insert fails', async () => {
      const memberships = get<MembershipRepository>(TOKENS.MembershipRepository);
      // Everything of the real repository but its save.
      const failingMemberships: MembershipRepository = Object.assign(Object.create(memberships) as MembershipRepository, {
        save: async () => {
          throw new Error('the membership insert failed');
        },
      });
      const ids = { next: () => 'WSNEVERCOMMITTED0000000000' };
      const createWorkspace = new CreateWorkspace(
        get<WorkspaceRepository>(TOKENS.WorkspaceRepository),
        failingMemberships,
        get<UserRepository>(TOKENS.UserRepository),
        ids,
        get<Clock>(TOKENS.Clock),
        get<UnitOfWork>(TOKENS.UnitOfWork),
      );
      const outcome = await createWorkspace.execute({ name: 'Half made', ownerEmail: 'owner@example.com' }).then(
        () => 'created',
        (error: Error) => error.message,
      );
      expect(outcome).to.equal('the membership insert failed');
      expect(await get<WorkspaceRepository>(TOKENS.WorkspaceRepository).findById(ids.next())).to.equal(null);
      expect(await memberships.listByWorkspace(ids.next())).to.deep.equal([]);
    });

    it('creates both when nothing fails', async () => {
      const workspaceId = await t.given.workspace('owner@example.com', 'Whole');
      const owners = await get<MembershipRepository>(TOKENS.MembershipRepository).listByWorkspace(workspaceId);
      expect(owners.map((m) => m.role)).to.deep.equal(['owner']);
    });
  });
}
