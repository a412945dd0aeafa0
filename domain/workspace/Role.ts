import { validationError } from '../shared/DomainError';

export const ROLES = ['owner', 'admin', 'editor', 'contributor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

export function parseRole(raw: string, path = 'role'): Role {
  if (!isRole(raw)) {
    throw validationError('invalid_role', [{ path, message: `must be one of ${ROLES.join(', ')}` }]);
  }
  return raw;
}

/** Rank: a lower number is more powerful. */
export const rankOf = (role: Role): number => ROLES.indexOf(role);

/** The less powerful of two roles. */
export const lowerRole = (a: Role, b: Role): Role => (rankOf(a) >= rankOf(b) ? a : b);
