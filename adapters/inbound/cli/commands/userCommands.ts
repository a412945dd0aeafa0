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

export const userCommands: readonly CliCommand[] = [createUser];
