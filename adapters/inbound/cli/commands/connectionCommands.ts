import { type Connection } from '../../../../domain/connection/Connection';
import { type CliCommand } from '../CliCommand';
import { UsageError } from '../UsageError';

const addConnection: CliCommand = {
  group: 'connection',
  action: 'add',
  required: ['workspace', 'platform', 'handle'],
  optional: ['name', 'sandbox'],
  async run(flags, { addConnection }) {
    // Run again (a walk-through pasted twice), it keeps the account it made the first time.
    const { connection, created } = await addConnection.ensure({
      workspaceId: flags.required('workspace'),
      platform: flags.required('platform'),
      handle: flags.required('handle'),
      displayName: flags.optional('name'),
      sandbox: sandboxFlag(flags.optional('sandbox')),
    });
    const what = `${connection.isSandbox ? 'sandbox ' : ''}${connection.platform} connection ${connection.id} (${connection.handle})`;
    return {
      json: { connection: connectionView(connection), created },
      text: created ? `added ${what} to workspace ${connection.workspaceId}` : `kept ${what}: workspace ${connection.workspaceId} already has it`,
    };
  },
};

/** The workspace's connected accounts, each with its platform, handle and status. */
const listConnections: CliCommand = {
  group: 'connection',
  action: 'list',
  required: ['workspace'],
  optional: [],
  async run(flags, { listings }) {
    const connections = (await listings.listConnections(flags.required('workspace'))).map(connectionView);
    const lineOf = (c: ReturnType<typeof connectionView>) =>
      `${c.id} ${c.platform} ${c.handle}${c.displayName === null ? '' : ` (${c.displayName})`}: ${c.status}${c.sandbox ? ', sandbox' : ''}`;
    return { json: { connections }, text: connections.length === 0 ? 'no connections in this workspace' : connections.map(lineOf).join('\n') };
  },
};

const connectionView = (connection: Connection) => ({
  id: connection.id,
  workspaceId: connection.workspaceId,
  platform: connection.platform,
  handle: connection.handle,
  displayName: connection.displayName,
  status: connection.status,
  sandbox: connection.isSandbox,
  createdAt: connection.createdAt.toISOString(),
});

/** Sandbox unless told otherwise: no real platform publisher is installed yet (docs/decisions.md, "The sandbox platform"). */
function sandboxFlag(value: string | undefined): boolean {
  if (value === undefined || value === 'true') return true;
  if (value === 'false') return false;
  throw new UsageError('invalid_value', '--sandbox takes true or false');
}

export const connectionCommands: readonly CliCommand[] = [addConnection, listConnections];
