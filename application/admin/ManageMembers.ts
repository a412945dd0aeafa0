import { conflict, notFound } from '../../domain/shared/DomainError';
import { type UserRepository } from '../../domain/user/UserRepository';
import { Membership } from '../../domain/workspace/Membership';
import { type MembershipRepository } from '../../domain/workspace/MembershipRepository';
import { assertKeepsAnOwner } from '../../domain/workspace/ownership';
import { type Role } from '../../domain/workspace/Role';
import { type WorkspaceRepository } from '../../domain/workspace/WorkspaceRepository';
import { type ApiKeyRepository } from '../../domain/credential/ApiKeyRepository';
import { type Clock } from '../ports/Clock';
import { type TokenGrants } from '../ports/oauth/TokenGrants';
import { type UnitOfWork } from '../ports/UnitOfWork';
import { userByEmail } from './lookups';

interface MemberRef {
  readonly workspaceId: string;
  readonly email: string;
}

/** Where a change of one member stands: the workspace is locked, its members read after the lock. */
interface LockedWorkspace {
  readonly workspaceId: string;
  readonly userId: string;
  readonly members: readonly Membership[];
  /** The member's own membership among `members`, or null. */
  readonly current: Membership | null;
}

/**
 * Adding, re-roling and removing members; every change is seen by the next request. Each
 * checks and writes in one unit of work holding the workspace's membership lock, so two
 * concurrent changes cannot both pass a check the other invalidates (two owners demoting
 * each other, the same user added twice).
 */
export class ManageMembers {
  constructor(
    private readonly workspaces: WorkspaceRepository,
    private readonly memberships: MembershipRepository,
    private readonly users: UserRepository,
    private readonly clock: Clock,
    private readonly apiKeys: ApiKeyRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly oauthGrants: TokenGrants,
  ) {}

  add(input: MemberRef & { role: Role }): Promise<Membership> {
    return this.changing(input, async ({ workspaceId, userId, current }) => {
      if (current !== null) throw conflict('already_member', 'the user is already a member of this workspace');
      const membership = Membership.create({ workspaceId, userId, role: input.role, now: this.clock.now() });
      await this.memberships.save(membership);
      return membership;
    });
  }

  setRole(input: MemberRef & { role: Role }): Promise<Membership> {
    return this.changing(input, async ({ userId, members, current }) => {
      const membership = existing(current);
      assertKeepsAnOwner(members, userId, input.role);
      membership.changeRole(input.role);
      await this.memberships.save(membership);
      return membership;
    });
  }

  remove(input: MemberRef): Promise<Membership> {
    return this.changing(input, async ({ workspaceId, userId, members, current }) => {
      const membership = existing(current);
      assertKeepsAnOwner(members, userId, null);
      const now = this.clock.now();
      // A key dies with its creator's membership: re-adding the member must not revive it.
      const keys = (await this.apiKeys.listByWorkspace(workspaceId)).filter((k) => k.userId === userId && !k.isRevoked);
      for (const key of keys) {
        key.revoke(now);
        await this.apiKeys.save(key);
      }
      // So do the apps' token families for this workspace: refused everywhere from the next request.
      await this.oauthGrants.revokeGrantsOf(userId, workspaceId, now);
      await this.memberships.remove(workspaceId, userId);
      return membership;
    });
  }

  /** The lock comes first: the reads after it see the previous change of this workspace's members. */
  private changing<T>(input: MemberRef, change: (locked: LockedWorkspace) => Promise<T>): Promise<T> {
    return this.unitOfWork.run(async () => {
      const workspace = await this.workspaces.lockForMembershipChange(input.workspaceId);
      if (workspace === null) throw notFound('Workspace');
      const user = await userByEmail(this.users, input.email);
      const members = await this.memberships.listByWorkspace(workspace.id);
      const current = members.find((m) => m.userId === user.id) ?? null;
      return change({ workspaceId: workspace.id, userId: user.id, members, current });
    });
  }
}

function existing(membership: Membership | null): Membership {
  if (membership === null) throw notFound('Membership');
  return membership;
}
