import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type Bearer } from '../../../application/mcpBridge/Bearer';
import { mcpServerOf } from '../../../application/mcpBridge/mcpServerOf';
import { authorizedFetch } from './authorizedFetch';

/** The bridge's own name and version, as its MCP client introduces itself to the service. */
export const BRIDGE_INFO = { name: 'dispatch-mcp', version: '1.0.0' } as const;

/** The official SDK's MCP client connected to the service's MCP server over Streamable HTTP, as `bearer`. */
export async function connectUpstream(baseUrl: string, bearer: Bearer): Promise<Client> {
  const client = new Client(BRIDGE_INFO);
  const transport = new StreamableHTTPClientTransport(new URL(mcpServerOf(baseUrl)), { fetch: authorizedFetch(bearer) });
  await client.connect(transport);
  return client;
}
