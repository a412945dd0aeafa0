import { boundWorkspaceOf, type Credential } from '../../domain/credential/Credential';
import { type MembershipRepository } from '../../domain/workspace/MembershipRepository';
import { lowerRole, type Role } from '../../domain/workspace/Role';
import { type WorkspaceRepository } from '../../domain/workspace/WorkspaceRepository';

export interface MyWorkspace {
  readonly id: string;
  readonly name: string;
  /** The role this credential acts with: the live one, lowered to an API key's frozen role. */
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
    const memberships = (await this.memberships.listByUser(credential.userId)).filter((m) => bound === null || m.workspaceId === bound);
    const workspaces = new Map((await this.workspaces.findByIds(memberships.map((m) => m.workspaceId))).map((w) => [w.id, w]));
    return memberships
      .filter((m) => workspaces.has(m.workspaceId))
      .map((m) => ({ id: m.workspaceId, name: workspaces.get(m.workspaceId)!.name, role: effectiveRole(credential, m.role), joinedAt: m.createdAt }))
      .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.id.localeCompare(b.id));
  }
}

/** As the access decision holds it: a key never acts above the role frozen into it. */
const effectiveRole = (credential: Credential, live: Role): Role => (credential.kind === 'api_key' ? lowerRole(credential.frozenRole, live) : live);
