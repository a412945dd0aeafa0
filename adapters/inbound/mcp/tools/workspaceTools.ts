import { presentConnection, presentMyWorkspace } from '../../http/presenters/present';
import { parsePage } from '../../http/query';
import { defineTool, READS } from './defineTool';
import { type McpTool } from './McpTool';

const listWorkspaces = defineTool({
  name: 'list_workspaces',
  title: 'List workspaces',
  lead: 'The workspaces this credential may act in, with the role it acts with; an OAuth token or API key sees only its own.',
  operationId: 'me.workspaces',
  hints: READS,
  async run(_args, caller, { useCases }) {
    const data = (await useCases.workspaces.execute(caller.credential)).map(presentMyWorkspace);
    const lines = data.map((w) => `- ${w.name} (${w.id}), role ${w.role}`);
    return { json: { data }, summary: [`${data.length} workspace(s):`, ...lines].join('\n') };
  },
});

const listConnections = defineTool({
  name: 'list_connections',
  title: 'List connected accounts',
  lead: "A workspace's connected accounts with their health (status, statusReason, lastError): the connectionId each post target needs, and its platform.",
  operationId: 'connections.list',
  hints: READS,
  async run(args, caller, { useCases }) {
    const access = await caller.access(args.id('workspaceId', true));
    const page = parsePage(args.query(['limit', 'offset']));
    const { items, total } = await useCases.connections.execute(access.workspaceId, page);
    const data = items.map(presentConnection);
    const lines = data.map(
      (c) => `- ${c.platform} ${c.handle} (${c.id})${c.sandbox ? ' [sandbox]' : ''}: ${c.status}${c.statusReason === null ? '' : ` (${c.statusReason})`}`,
    );
    return { json: { data, total, ...page }, summary: [`${data.length} of ${total} connection(s):`, ...lines].join('\n') };
  },
});

export const WORKSPACE_TOOLS: readonly McpTool[] = [listWorkspaces, listConnections];
