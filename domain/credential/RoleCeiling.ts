import { type Role } from '../workspace/Role';
import { type Scope } from './Scope';

const READ: Scope[] = ['posts:read', 'accounts:read', 'reviews:read', 'members:read'];
const WRITE: Scope[] = ['posts:write', 'media:write'];
const MANAGE: Scope[] = ['accounts:write', 'members:write', 'apikeys:write'];

/**
 * The most each role may ever do (docs/product.md, "Roles and their scope ceilings"). Kept
 * with the credentials that are held to it: a role is the workspace's word, what it lets a
 * credential do is access's, so workspace/ never needs to know what a scope is.
 */
const CEILINGS: Record<Role, ReadonlySet<Scope>> = {
  owner: new Set([...READ, ...WRITE, 'stats:read', 'reviews:write', ...MANAGE, 'billing:write']),
  admin: new Set([...READ, ...WRITE, 'stats:read', 'reviews:write', ...MANAGE]),
  editor: new Set([...READ, ...WRITE, 'stats:read', 'reviews:write']),
  contributor: new Set([...READ, ...WRITE]),
  viewer: new Set([...READ, 'stats:read']),
};

export const ceilingOf = (role: Role): ReadonlySet<Scope> => CEILINGS[role];
