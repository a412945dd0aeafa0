import { DomainError, forbidden, notFound } from '../shared/DomainError';
import { type Membership } from '../workspace/Membership';
import { ceilingOf } from './RoleCeiling';
import { lowerRole, type Role } from '../workspace/Role';
import { boundWorkspaceOf, type Credential } from './Credential';
import { ALL_SCOPES, type Scope } from './Scope';

export interface WorkspaceAccess {
  readonly userId: string;
  readonly workspaceId: string;
  /** The live role, lowered to an API key's frozen role where it applies. */
  readonly role: Role;
  /** Whether this caller's posts go through review (a contributor, live or frozen into a key). */
  readonly reviewRequired: boolean;
  readonly scopes: ReadonlySet<Scope>;
}

/**
 * Effective access = granted scopes ∩ ceiling of the live role.
 * Order matters for what leaks: a bound credential used elsewhere is 403 (the binding
 * is the caller's own fact); a workspace the user is not in is 404 (no existence leak).
 */
export function decideWorkspaceAccess(
  credential: Credential,
  workspaceId: string,
  membership: Pick<Membership, 'workspaceId' | 'userId' | 'role'> | null,
): WorkspaceAccess {
  const bound = boundWorkspaceOf(credential);
  if (bound !== null && bound !== workspaceId) {
    throw forbidden('workspace_not_allowed', 'this credential is bound to another workspace');
  }
  if (membership === null || membership.workspaceId !== workspaceId || membership.userId !== credential.userId) {
    throw notFound('Workspace');
  }
  // Roles are not nested (a viewer has stats:read, a contributor has not), so a key is held
  // to BOTH ceilings: the role frozen into it and its creator's live role.
  const roles: Role[] = credential.kind === 'api_key' ? [credential.frozenRole, membership.role] : [membership.role];
  const granted: readonly Scope[] = credential.kind === 'session' ? ALL_SCOPES : credential.scopes;
  return {
    userId: credential.userId,
    workspaceId,
    role: roles.reduce(lowerRole),
    reviewRequired: roles.includes('contributor'),
    scopes: new Set(granted.filter((s) => roles.every((r) => ceilingOf(r).has(s)))),
  };
}

/** Names the missing scope, so the HTTP challenge can tell the client what to ask for. */
export class InsufficientScope extends DomainError {
  constructor(readonly scope: Scope) {
    super('forbidden', 'insufficient_scope', `this operation needs the ${scope} scope`);
  }
}

export function requireScope(access: WorkspaceAccess, scope: Scope): void {
  if (!access.scopes.has(scope)) throw new InsufficientScope(scope);
}
