import { expect } from 'chai';
import { type ManageMembers } from '../../../application/admin/ManageMembers';
import { DomainError } from '../../../domain/shared/DomainError';
import { type MembershipRepository } from '../../../domain/workspace/MembershipRepository';
import { TOKENS } from '../../../config/tokens';
import { DATABASE_KINDS, serverFor } from '../../support/databases';
import { requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';

const ROUNDS = 5;

/** What each of two concurrent calls came to: 'ok', or the code of its DomainError. */
async function outcomes(calls: ReadonlyArray<Promise<unknown>>): Promise<string[]> {
  const settled = await Promise.allSettled(calls);
  return settled.map((s) => {
    if (s.status === 'fulfilled') return 'ok';
    if (s.reason instanceof DomainError) return `${s.reason.kind}:${s.reason.code}`;
    throw s.reason;
  });
}

/**
 * Issue 6: two changes of one workspace's members at once, through the real use cases of
 * the real composition. Each checks and writes under the workspace's lock, so exactly one
 * of two owners stepping down at once succeeds and the workspace keeps an owner.
 */
for (const kind of DATABASE_KINDS) {
  describe(`concurrent member changes on ${kind}`, function () {
    let t: TestApp;
    let members: ManageMembers;
    let memberships: MembershipRepository;
    let round = 0;

    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      t = await startTestApp(await freshDatabaseEnv(kind));
      members = t.composition.get(TOKENS.ManageMembers);
      memberships = t.composition.get(TOKENS.MembershipRepository);
    });
    after(async () => t?.close());

    /** A fresh workspace owned by two owners, `a` and `b`. */
    async function twoOwners(): Promise<{ workspaceId: string; a: string; b: string }> {
      round += 1;
      const [a, b] = [`a${round}@example.com`, `b${round}@example.com`];
      await t.given.user(a);
      await t.given.user(b);
      const workspaceId = await t.given.workspace(a);
      await t.given.member(workspaceId, b, 'owner');
      return { workspaceId, a, b };
    }

    const ownersOf = async (workspaceId: string) => (await memberships.listByWorkspace(workspaceId)).filter((m) => m.role === 'owner').length;

    const exactlyOneRefusedAsLastOwner = (results: string[]) => expect([...results].sort()).to.deep.equal(['conflict:last_owner', 'ok']);

    it('two owners demoted at once: one succeeds, the other is a last_owner conflict, one owner stays', async () => {
      for (let i = 0; i < ROUNDS; i += 1) {
        const { workspaceId, a, b } = await twoOwners();
        exactlyOneRefusedAsLastOwner(
          await outcomes([members.setRole({ workspaceId, email: a, role: 'admin' }), members.setRole({ workspaceId, email: b, role: 'editor' })]),
        );
        expect(await ownersOf(workspaceId)).to.equal(1);
      }
    });

    it('two owners removed at once: one succeeds, the other is a last_owner conflict, one owner stays', async () => {
      for (let i = 0; i < ROUNDS; i += 1) {
        const { workspaceId, a, b } = await twoOwners();
        exactlyOneRefusedAsLastOwner(await outcomes([members.remove({ workspaceId, email: a }), members.remove({ workspaceId, email: b })]));
        expect(await ownersOf(workspaceId)).to.equal(1);
        expect(await memberships.listByWorkspace(workspaceId)).to.have.length(1);
      }
    });

    it('one owner demoted while the other is removed: one succeeds, one owner stays', async () => {
      for (let i = 0; i < ROUNDS; i += 1) {
        const { workspaceId, a, b } = await twoOwners();
        exactlyOneRefusedAsLastOwner(await outcomes([members.setRole({ workspaceId, email: a, role: 'viewer' }), members.remove({ workspaceId, email: b })]));
        expect(await ownersOf(workspaceId)).to.equal(1);
      }
    });

    it('the same user added twice at once: one succeeds, the other is already_member, never a 500', async () => {
      for (let i = 0; i < ROUNDS; i += 1) {
        const { workspaceId } = await twoOwners();
        const email = `joiner${round}@example.com`;
        const userId = await t.given.user(email);
        const results = await outcomes([members.add({ workspaceId, email, role: 'editor' }), members.add({ workspaceId, email, role: 'viewer' })]);
        expect([...results].sort()).to.deep.equal(['conflict:already_member', 'ok']);
        const joined = await memberships.find(workspaceId, userId);
        expect(joined?.role).to.be.oneOf(['editor', 'viewer']);
      }
    });

    it('a key minted for a member being removed at once is refused or revoked, never left alive', async () => {
      const apiKeys = t.composition.get(TOKENS.ManageApiKeys);
      for (let i = 0; i < ROUNDS; i += 1) {
        const { workspaceId } = await twoOwners();
        const email = `leaver${round}@example.com`;
        const userId = await t.given.user(email);
        await t.given.member(workspaceId, email, 'editor');
        const results = await outcomes([members.remove({ workspaceId, email }), apiKeys.create({ workspaceId, email, role: 'editor' })]);
        expect(results[0]).to.equal('ok');
        expect(results[1]).to.be.oneOf(['ok', 'not_found:membership_not_found']);
        const alive = (await apiKeys.listInWorkspace(workspaceId)).filter((k) => k.userId === userId && !k.isRevoked);
        expect(alive).to.deep.equal([]);
      }
    });

    it('changes of different workspaces do not wait for each other to be refused', async () => {
      const first = await twoOwners();
      const second = await twoOwners();
      const results = await outcomes([
        members.setRole({ workspaceId: first.workspaceId, email: first.a, role: 'admin' }),
        members.setRole({ workspaceId: second.workspaceId, email: second.a, role: 'admin' }),
      ]);
      expect(results).to.deep.equal(['ok', 'ok']);
    });
  });
}
