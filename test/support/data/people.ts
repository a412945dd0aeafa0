import { type Role } from '../../../domain/workspace/Role';

/** Users of the tests: their emails and the one password every test user signs in with. */
export const PASSWORD = 'correct horse battery staple';

export const OWNER_EMAIL = 'owner@example.com';
/** The owner of a second workspace, for the cross-workspace rules. */
export const OTHER_OWNER_EMAIL = 'other@example.com';

/** The n-th member given a role in a test: `editor3@example.com`. */
export const memberEmail = (role: Role, n: number): string => `${role}${n}@example.com`;

/** Members by the role a test gives them. */
export const ADMIN_EMAIL = 'admin@example.com';
export const EDITOR_EMAIL = 'editor@example.com';
export const VIEWER_EMAIL = 'viewer@example.com';
/** A user of the service who is no member of the workspace under test. */
export const STRANGER_EMAIL = 'stranger@example.com';
