import { type Role } from '../../../domain/workspace/Role';

/** Users of the tests: their emails and the one password every test user signs in with. */
export const PASSWORD = 'correct horse battery staple';

export const OWNER_EMAIL = 'owner@example.com';
/** The owner of a second workspace, for the cross-workspace rules. */
export const OTHER_OWNER_EMAIL = 'other@example.com';

/** The n-th member given a role in a test: `editor3@example.com`. */
export const memberEmail = (role: Role, n: number): string => `${role}${n}@example.com`;
