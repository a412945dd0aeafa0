import { ALL_SCOPES } from '../../../domain/credential/Scope';
import { mcpResourceOf } from '../http/mcpPaths';

/**
 * RFC 9728 metadata of the MCP server, a protected resource of its own (the MCP authorization
 * specification): tokens for it are asked with `resource={BASE_URL}/mcp` from our authorization
 * server, whose clients are the operator's registered ones (docs/agents.md).
 */
export function mcpResourceMetadata(baseUrl: string) {
  return {
    resource: mcpResourceOf(baseUrl),
    authorization_servers: [baseUrl],
    bearer_methods_supported: ['header'],
    scopes_supported: [...ALL_SCOPES],
    resource_name: 'Dispatch MCP server',
  };
}
