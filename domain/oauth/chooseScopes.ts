import { parseScopes, type Scope } from '../credential/Scope';
import { ceilingOf } from '../credential/RoleCeiling';
import { type Role } from '../workspace/Role';
import { oauthError } from './oauthError';

/**
 * What a client asks for: known scopes within its registration (or, on a refresh, within its
 * grant: `limit` then says so). No scope parameter means everything the client is registered for
 * (RFC 6749 §3.3, documented in docs/decisions.md).
 */
export function requestedScopes(raw: string | undefined, registered: readonly Scope[], limit = 'this client may not ask for'): Scope[] {
  if (raw === undefined || raw.trim() === '') return [...registered];
  let asked: Scope[];
  try {
    asked = parseScopes(raw, 'scope');
  } catch (error) {
    throw oauthError('invalid_scope', (error as Error).message);
  }
  const beyond = asked.filter((s) => !registered.includes(s));
  if (beyond.length > 0) throw oauthError('invalid_scope', `${limit} ${beyond.join(', ')}`);
  return asked;
}

/**
 * What the person grants: the scopes they kept ticked, never beyond the request, and never
 * beyond their role's ceiling in the chosen workspace (a scope the role lacks is not offered).
 */
export function grantedScopes(requested: readonly Scope[], chosen: readonly Scope[], role: Role): Scope[] {
  const ceiling = ceilingOf(role);
  return [...new Set(chosen)].filter((s) => requested.includes(s) && ceiling.has(s)).sort();
}

/** The scopes a person may be offered in a workspace where they hold `role`. */
export const offerableScopes = (requested: readonly Scope[], role: Role): Scope[] => requested.filter((s) => ceilingOf(role).has(s));
