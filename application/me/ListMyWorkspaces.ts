import { boundWorkspaceOf, type Credential } from '../../domain/credential/Credential';
import { type MembershipRepository } from '../../domain/workspace/MembershipRepository';
import { type Role } from '../../domain/workspace/Role';
import { type WorkspaceRepository } from '../../domain/workspace/WorkspaceRepository';

export interface MyWorkspace {
  readonly id: string;
  readonly name: string;
  readonly role: Role;
  readonly joinedAt: Date;
}

/**
 * The caller's memberships. A workspace-bound credential (API key, OAuth token)
 * sees only its own workspace: it must not reveal the user's other workspaces.
 */
export class ListMyWorkspaces {
  constructor(
    private readonly memberships: MembershipRepository,
    private readonly workspaces: WorkspaceRepository,
  ) {}

  async execute(credential: Credential): Promise<MyWorkspace[]> {
    const bound = boundWorkspaceOf(credential);
    const memberships = (await this.memberships.listByUser(credential.userId))
      .filter((m) => bound === null || m.workspaceId === bound);
    const workspaces = new Map((await this.workspaces.findByIds(memberships.map((m) => m.workspaceId))).map((w) => [w.id, w]));
    return memberships
      .filter((m) => workspaces.has(m.workspaceId))
      .map((m) => ({ id: m.workspaceId, name: workspaces.get(m.workspaceId)!.name, role: m.role, joinedAt: m.createdAt }))
      .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.id.localeCompare(b.id));
  }
}
