import { type CliCommand } from '../CliCommand';

const addConnection: CliCommand = {
  group: 'connection',
  action: 'add',
  required: ['workspace', 'platform', 'handle'],
  optional: ['name'],
  async run(flags, { addConnection }) {
    const connection = await addConnection.execute({
      workspaceId: flags.required('workspace'),
      platform: flags.required('platform'),
      handle: flags.required('handle'),
      displayName: flags.optional('name'),
    });
    return {
      json: {
        connection: {
          id: connection.id,
          workspaceId: connection.workspaceId,
          platform: connection.platform,
          handle: connection.handle,
          displayName: connection.displayName,
          status: connection.status,
          createdAt: connection.createdAt.toISOString(),
        },
      },
      text: `added ${connection.platform} connection ${connection.id} (${connection.handle}) to workspace ${connection.workspaceId}`,
    };
  },
};

export const connectionCommands: readonly CliCommand[] = [addConnection];
