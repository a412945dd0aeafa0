import { type Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type Request,
  type Result,
  ResultSchema,
  type ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js';

/** import_media may wait five minutes on the service (docs/agents.md): a forwarded request may take longer than the SDK's minute. */
const FORWARD_TIMEOUT_MS = 10 * 60_000;

/**
 * What the bridge offers its local client: what the service's MCP server offers, without change
 * notifications or subscriptions (the server is stateless and sends none).
 */
function offered(upstream: ServerCapabilities): ServerCapabilities {
  return {
    ...(upstream.tools ? { tools: {} } : {}),
    ...(upstream.resources ? { resources: {} } : {}),
    ...(upstream.prompts ? { prompts: {} } : {}),
    ...(upstream.completions ? { completions: {} } : {}),
  };
}

/**
 * The stdio side of the bridge: an MCP server whose every request (tools, resources and their
 * templates, prompts, completions) is sent as it is to the service's MCP server by `upstream` and
 * answered with the service's result, or its JSON-RPC error, code, message and data unchanged.
 * It introduces itself with the service's name, version and instructions. `failed` words an error
 * that is the bridge's own (no credential, the service unreachable) for the local client.
 */
export function proxyServer(upstream: Client, failed: (error: unknown) => Error): Server {
  const capabilities = upstream.getServerCapabilities() ?? {};
  const server = new Server(upstream.getServerVersion() ?? { name: 'dispatch', version: '1.0.0' }, {
    capabilities: offered(capabilities),
    instructions: upstream.getInstructions(),
  });
  const forward = async (request: Request, signal: AbortSignal): Promise<Result> => {
    try {
      return await upstream.request({ method: request.method, params: withoutProgressToken(request.params) }, ResultSchema, {
        signal,
        timeout: FORWARD_TIMEOUT_MS,
      });
    } catch (error) {
      throw error instanceof McpError ? relayed(error) : failed(error);
    }
  };
  // The SDK types each handler's result by its method; the service's result is sent on as it came.
  type Handler = Parameters<Server['setRequestHandler']>[1];
  const relay: Handler = (request, extra) => forward(request, extra.signal) as ReturnType<Handler>;
  if (capabilities.tools) {
    server.setRequestHandler(ListToolsRequestSchema, relay);
    server.setRequestHandler(CallToolRequestSchema, relay);
  }
  if (capabilities.resources) {
    server.setRequestHandler(ListResourcesRequestSchema, relay);
    server.setRequestHandler(ListResourceTemplatesRequestSchema, relay);
    server.setRequestHandler(ReadResourceRequestSchema, relay);
  }
  if (capabilities.prompts) {
    server.setRequestHandler(ListPromptsRequestSchema, relay);
    server.setRequestHandler(GetPromptRequestSchema, relay);
  }
  if (capabilities.completions) server.setRequestHandler(CompleteRequestSchema, relay);
  return server;
}

/** Serves `server` on this process's stdin and stdout until stdin ends; stdout carries its messages only. */
export async function serveOnStdio(server: Server): Promise<void> {
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
    process.stdin.once('end', () => void server.close());
  });
  await server.connect(transport);
  await closed;
}

/**
 * The service's JSON-RPC error as the local client should see it: the SDK's McpError prefixes its
 * message with "MCP error <code>: ", which the bridge's server would send on, prefixed again.
 */
function relayed(error: McpError): Error {
  const prefix = `MCP error ${error.code}: `;
  const message = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  return Object.assign(new Error(message), { code: error.code, data: error.data });
}

/** The local client's progress token names its own request, not the bridge's: progress is not forwarded. */
function withoutProgressToken(params: Request['params']): Request['params'] {
  if (params?._meta?.progressToken === undefined) return params;
  const { progressToken: _token, ...meta } = params._meta;
  return { ...params, _meta: meta };
}
