import { normalizeEmail } from '../../../../domain/shared/Email';
import { type CliCommand } from '../CliCommand';

const createWorkspace: CliCommand = {
  group: 'workspace',
  action: 'create',
  required: ['name', 'owner'],
  optional: [],
  async run(flags, { createWorkspace }) {
    const ownerEmail = flags.required('owner');
    const { workspace, membership } = await createWorkspace.execute({ name: flags.required('name'), ownerEmail });
    const email = normalizeEmail(ownerEmail, 'owner');
    return {
      json: {
        workspace: { id: workspace.id, name: workspace.name, createdAt: workspace.createdAt.toISOString() },
        owner: { userId: membership.userId, email, role: membership.role },
      },
      text: `created workspace ${workspace.id} "${workspace.name}" owned by <${email}>`,
    };
  },
};

export const workspaceCommands: readonly CliCommand[] = [createWorkspace];
