import { type Membership } from '../../../../domain/workspace/Membership';
import { parseRole } from '../../../../domain/workspace/Role';
import { type CliCommand, type FlagValues } from '../CliCommand';

const membershipView = (membership: Membership) => ({
  workspaceId: membership.workspaceId,
  userId: membership.userId,
  role: membership.role,
});

const memberRef = (flags: FlagValues) => ({ workspaceId: flags.required('workspace'), email: flags.required('email') });

const addMember: CliCommand = {
  group: 'member',
  action: 'add',
  required: ['workspace', 'email', 'role'],
  optional: [],
  async run(flags, { members }) {
    const membership = await members.add({ ...memberRef(flags), role: parseRole(flags.required('role')) });
    return {
      json: { membership: membershipView(membership) },
      text: `added user ${membership.userId} to workspace ${membership.workspaceId} as ${membership.role}`,
    };
  },
};

const setMemberRole: CliCommand = {
  group: 'member',
  action: 'set-role',
  required: ['workspace', 'email', 'role'],
  optional: [],
  async run(flags, { members }) {
    const membership = await members.setRole({ ...memberRef(flags), role: parseRole(flags.required('role')) });
    return {
      json: { membership: membershipView(membership) },
      text: `user ${membership.userId} is now ${membership.role} of workspace ${membership.workspaceId}`,
    };
  },
};

const removeMember: CliCommand = {
  group: 'member',
  action: 'remove',
  required: ['workspace', 'email'],
  optional: [],
  async run(flags, { members }) {
    const membership = await members.remove(memberRef(flags));
    return {
      json: { membership: membershipView(membership), removed: true },
      text: `removed user ${membership.userId} from workspace ${membership.workspaceId}`,
    };
  },
};

export const memberCommands: readonly CliCommand[] = [addMember, setMemberRole, removeMember];
