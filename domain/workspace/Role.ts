import { type Scope } from '../credential/Scope';
import { validationError } from '../shared/DomainError';

export const ROLES = ['owner', 'admin', 'editor', 'contributor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

const READ: Scope[] = ['posts:read', 'accounts:read', 'reviews:read', 'members:read'];
const WRITE: Scope[] = ['posts:write', 'media:write'];
const MANAGE: Scope[] = ['accounts:write', 'members:write', 'apikeys:write'];

/** The most each role may ever do (docs/product.md, "Roles and their scope ceilings"). */
const CEILINGS: Record<Role, ReadonlySet<Scope>> = {
  owner: new Set([...READ, ...WRITE, 'stats:read', 'reviews:write', ...MANAGE, 'billing:write']),
  admin: new Set([...READ, ...WRITE, 'stats:read', 'reviews:write', ...MANAGE]),
  editor: new Set([...READ, ...WRITE, 'stats:read', 'reviews:write']),
  contributor: new Set([...READ, ...WRITE]),
  viewer: new Set([...READ, 'stats:read']),
};

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

export function parseRole(raw: string, path = 'role'): Role {
  if (!isRole(raw)) {
    throw validationError('invalid_role', [{ path, message: `must be one of ${ROLES.join(', ')}` }]);
  }
  return raw;
}

export const ceilingOf = (role: Role): ReadonlySet<Scope> => CEILINGS[role];

/** Rank: a lower number is more powerful. */
export const rankOf = (role: Role): number => ROLES.indexOf(role);

/** The less powerful of two roles. */
export const lowerRole = (a: Role, b: Role): Role => (rankOf(a) >= rankOf(b) ? a : b);
