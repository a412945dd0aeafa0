import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { type McpCaller } from './McpCaller';
import { type McpContext } from './McpUseCases';
import { registerPrompts } from './prompts';
import { registerResources } from './resources';
import { runOnce } from './toolReplays';
import { toolError, toolResult } from './toolResults';
import { ALL_TOOLS } from './tools/allTools';
import { type McpTool } from './tools/McpTool';

const BY_NAME = new Map(ALL_TOOLS.map((tool) => [tool.name, tool]));

const INSTRUCTIONS =
  'Dispatch publishes posts to connected social accounts, now or at set times. Start with list_workspaces and list_connections ' +
  "(the connectionId each target needs); create_post drafts, schedules, publishes or queues a post; get_post shows each target's outcome " +
  "and, once published, its platformPostUrl. Errors carry the API's error code and message (docs/errors.md).";

const listing = (tool: McpTool): Tool => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: { ...tool.inputSchema, required: [...tool.inputSchema.required] },
  annotations: { title: tool.title, ...tool.hints },
});

/**
 * The MCP server for one request's caller (the transport is stateless: a server per request,
 * docs/agents.md). tools/list offers the tools whose operation's scope the caller holds somewhere;
 * each call still checks its workspace's access as the API's route does.
 */
export function mcpServerFor(caller: McpCaller, context: McpContext): Server {
  const server = new Server(
    { name: 'dispatch', title: 'Dispatch', version: '1.0.0' },
    { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const scopes = await caller.scopes();
    return { tools: ALL_TOOLS.filter((tool) => tool.scope === null || scopes.has(tool.scope)).map(listing) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = BY_NAME.get(request.params.name);
    if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, `no tool named ${request.params.name}`);
    const call = async (args: Readonly<Record<string, unknown>> | undefined) => {
      try {
        return toolResult(await tool.run(args, caller, context));
      } catch (error) {
        return toolError(error, caller.requestId, context.logger, tool.name);
      }
    };
    if (!tool.replayable) return call(request.params.arguments);
    try {
      return await runOnce(context.replays, caller.credential, tool.name, request.params.arguments ?? {}, call);
    } catch (error) {
      return toolError(error, caller.requestId, context.logger, tool.name);
    }
  });
  registerResources(server, caller, context);
  registerPrompts(server, context);
  return server;
}
