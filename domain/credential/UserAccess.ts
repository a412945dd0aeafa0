import { boundWorkspaceOf, type Credential } from './Credential';
import { InsufficientScope } from './AccessDecision';
import { ALL_SCOPES, type Scope } from './Scope';
import { ceilingOf } from './RoleCeiling';
import { type Role } from '../workspace/Role';

/**
 * Access to a person's own resources (transcriptions, email preferences, checkout), which
 * belong to no workspace (docs/decisions.md, "The account surface"). A workspace-bound
 * credential (API key, OAuth token) carries its scopes within its live role in that workspace,
 * an API key within its frozen role too; a session carries what the person's highest role in
 * any of their workspaces allows. So a viewer-only person reads usage (stats:read) and only a
 * workspace owner pays (billing:write), whichever credential they use.
 */
export function userScopes(credential: Credential, roles: ReadonlyMap<string, Role>): ReadonlySet<Scope> {
  const bound = boundWorkspaceOf(credential);
  if (bound === null) return new Set(ALL_SCOPES.filter((s) => [...roles.values()].some((r) => ceilingOf(r).has(s))));
  const live = roles.get(bound);
  if (live === undefined) return new Set();
  const ceilings: Role[] = credential.kind === 'api_key' ? [credential.frozenRole, live] : [live];
  const granted: readonly Scope[] = credential.kind === 'session' ? ALL_SCOPES : credential.scopes;
  return new Set(granted.filter((s) => ceilings.every((r) => ceilingOf(r).has(s))));
}

export function requireUserScope(scopes: ReadonlySet<Scope>, scope: Scope): void {
  if (!scopes.has(scope)) throw new InsufficientScope(scope);
}
