import { type User } from '../../../../domain/user/User';
import { type CliCommand } from '../CliCommand';

/** The user as the operator sees it: never the password hash. */
const userView = (user: User) => ({
  id: user.id,
  email: user.email,
  name: user.name,
  createdAt: user.createdAt.toISOString(),
});

const createUser: CliCommand = {
  group: 'user',
  action: 'create',
  required: ['email', 'password'],
  optional: ['name'],
  async run(flags, { createUser }) {
    const user = await createUser.execute({
      email: flags.required('email'),
      password: flags.required('password'),
      name: flags.optional('name'),
    });
    return { json: { user: userView(user) }, text: `created user ${user.id} <${user.email}>` };
  },
};

/** Each user with the workspaces they belong to: enough to find who owns what. */
const listUsers: CliCommand = {
  group: 'user',
  action: 'list',
  required: [],
  optional: [],
  async run(_flags, { listings }) {
    const users = (await listings.listUsers()).map(({ user, workspaces }) => ({ ...userView(user), workspaces: workspaces.map((w) => ({ ...w })) }));
    const lineOf = (u: (typeof users)[number]) =>
      `${u.id} <${u.email}>${u.name === null ? '' : ` ${u.name}`}: ${u.workspaces.length === 0 ? 'no workspace' : u.workspaces.map((w) => `${w.role} of ${w.id} (${w.name})`).join(', ')}`;
    return { json: { users }, text: users.length === 0 ? 'no users' : users.map(lineOf).join('\n') };
  },
};

/** A new random password, printed once, and every live session of the user ended. */
const resetPassword: CliCommand = {
  group: 'user',
  action: 'reset-password',
  required: ['email'],
  optional: [],
  async run(flags, { resetPassword }) {
    const { user, password, sessionsRevoked } = await resetPassword.execute({ email: flags.required('email') });
    return {
      json: { user: userView(user), password, sessionsRevoked },
      text: `new password for user ${user.id} <${user.email}>, shown only now: ${password} (${sessionsRevoked} session${sessionsRevoked === 1 ? '' : 's'} revoked)`,
    };
  },
};

export const userCommands: readonly CliCommand[] = [createUser, listUsers, resetPassword];
