import { type Scope } from '../../domain/credential/Scope';
import { grantedScopes, offerableScopes } from '../../domain/oauth/chooseScopes';
import { type MembershipRepository } from '../../domain/workspace/MembershipRepository';
import { type Role } from '../../domain/workspace/Role';
import { type WorkspaceRepository } from '../../domain/workspace/WorkspaceRepository';
import { validationError } from '../../domain/shared/DomainError';

/** A workspace a person may grant access to, and the requested scopes their role there allows. */
export interface WorkspaceChoice {
  readonly id: string;
  readonly name: string;
  readonly role: Role;
  readonly offerable: readonly Scope[];
}

/** What the approval and consent pages offer, and the check of what comes back from them. */
export class WorkspaceChoices {
  constructor(
    private readonly memberships: MembershipRepository,
    private readonly workspaces: WorkspaceRepository,
  ) {}

  /** The person's workspaces, by name; only theirs are ever offered. */
  async offer(userId: string, requested: readonly Scope[]): Promise<WorkspaceChoice[]> {
    const memberships = await this.memberships.listByUser(userId);
    const named = new Map((await this.workspaces.findByIds(memberships.map((m) => m.workspaceId))).map((w) => [w.id, w.name]));
    return memberships
      .map((m) => ({ id: m.workspaceId, name: named.get(m.workspaceId) ?? m.workspaceId, role: m.role, offerable: offerableScopes(requested, m.role) }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The scopes granted for a workspace the person chose: theirs, within the request and the role; at least one. */
  async grant(userId: string, workspaceId: string, requested: readonly Scope[], chosen: readonly Scope[]): Promise<Scope[]> {
    const membership = await this.memberships.find(workspaceId, userId);
    if (membership === null) throw validationError('workspace_not_yours', [{ path: 'workspace', message: 'choose one of your workspaces' }]);
    const scopes = grantedScopes(requested, chosen, membership.role);
    if (scopes.length === 0)
      throw validationError('no_scope_chosen', [{ path: 'scope', message: 'keep at least one permission your role allows, or deny the request' }]);
    return scopes;
  }
}
