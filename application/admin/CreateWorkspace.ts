import { type UserRepository } from '../../domain/user/UserRepository';
import { Membership } from '../../domain/workspace/Membership';
import { type MembershipRepository } from '../../domain/workspace/MembershipRepository';
import { Workspace } from '../../domain/workspace/Workspace';
import { type WorkspaceRepository } from '../../domain/workspace/WorkspaceRepository';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { type UnitOfWork } from '../ports/UnitOfWork';
import { userByEmail } from './lookups';

/**
 * A workspace is born with its owner: there is never an ownerless workspace. Both rows are
 * written in one unit of work, so a failure between them leaves neither.
 */
export class CreateWorkspace {
  constructor(
    private readonly workspaces: WorkspaceRepository,
    private readonly memberships: MembershipRepository,
    private readonly users: UserRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  execute(input: { name: string; ownerEmail: string }): Promise<{ workspace: Workspace; membership: Membership }> {
    return this.unitOfWork.run(async () => {
      const owner = await userByEmail(this.users, input.ownerEmail);
      const now = this.clock.now();
      const workspace = Workspace.create({ id: this.ids.next(), name: input.name, now });
      const membership = Membership.create({ workspaceId: workspace.id, userId: owner.id, role: 'owner', now });
      await this.workspaces.save(workspace);
      await this.memberships.save(membership);
      return { workspace, membership };
    });
  }
}
