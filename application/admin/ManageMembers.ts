import { conflict, notFound } from '../../domain/shared/DomainError';
import { type UserRepository } from '../../domain/user/UserRepository';
import { Membership } from '../../domain/workspace/Membership';
import { type MembershipRepository } from '../../domain/workspace/MembershipRepository';
import { assertKeepsAnOwner } from '../../domain/workspace/ownership';
import { type Role } from '../../domain/workspace/Role';
import { type WorkspaceRepository } from '../../domain/workspace/WorkspaceRepository';
import { type ApiKeyRepository } from '../../domain/credential/ApiKeyRepository';
import { type Clock } from '../ports/Clock';
import { type UnitOfWork } from '../ports/UnitOfWork';
import { userByEmail, workspaceById } from './lookups';

interface MemberRef {
  readonly workspaceId: string;
  readonly email: string;
}

/** Adding, re-roling and removing members; every change is seen by the next request. */
export class ManageMembers {
  constructor(
    private readonly workspaces: WorkspaceRepository,
    private readonly memberships: MembershipRepository,
    private readonly users: UserRepository,
    private readonly clock: Clock,
    private readonly apiKeys: ApiKeyRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async add(input: MemberRef & { role: Role }): Promise<Membership> {
    const { workspaceId, userId } = await this.resolve(input);
    if ((await this.memberships.find(workspaceId, userId)) !== null) {
      throw conflict('already_member', 'the user is already a member of this workspace');
    }
    const membership = Membership.create({ workspaceId, userId, role: input.role, now: this.clock.now() });
    await this.memberships.save(membership);
    return membership;
  }

  async setRole(input: MemberRef & { role: Role }): Promise<Membership> {
    const { workspaceId, userId } = await this.resolve(input);
    const membership = await this.existing(workspaceId, userId);
    assertKeepsAnOwner(await this.memberships.listByWorkspace(workspaceId), userId, input.role);
    membership.changeRole(input.role);
    await this.memberships.save(membership);
    return membership;
  }

  async remove(input: MemberRef): Promise<Membership> {
    const { workspaceId, userId } = await this.resolve(input);
    const membership = await this.existing(workspaceId, userId);
    assertKeepsAnOwner(await this.memberships.listByWorkspace(workspaceId), userId, null);
    const now = this.clock.now();
    // A key dies with its creator's membership: re-adding the member must not revive it.
    const keys = (await this.apiKeys.listByWorkspace(workspaceId)).filter((k) => k.userId === userId && !k.isRevoked);
    await this.unitOfWork.run(async () => {
      for (const key of keys) {
        key.revoke(now);
        await this.apiKeys.save(key);
      }
      await this.memberships.remove(workspaceId, userId);
    });
    return membership;
  }

  private async resolve(input: MemberRef): Promise<{ workspaceId: string; userId: string }> {
    const workspace = await workspaceById(this.workspaces, input.workspaceId);
    const user = await userByEmail(this.users, input.email);
    return { workspaceId: workspace.id, userId: user.id };
  }

  private async existing(workspaceId: string, userId: string): Promise<Membership> {
    const membership = await this.memberships.find(workspaceId, userId);
    if (membership === null) throw notFound('Membership');
    return membership;
  }
}
