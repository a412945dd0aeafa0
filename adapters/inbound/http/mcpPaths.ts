/** Where the HTTP app serves the MCP server (Streamable HTTP, adapters/inbound/mcp), under BASE_URL: its URL is also its resource (RFC 8707). */
export const MCP_PATH = '/mcp';

/** RFC 9728 §3.1: the metadata of a resource with a path sits under the well-known prefix, the path appended. */
export const MCP_METADATA_PATH = `/.well-known/oauth-protected-resource${MCP_PATH}`;

/** The MCP server's resource identifier: the URL clients connect to. */
export const mcpResourceOf = (baseUrl: string): string => `${baseUrl}${MCP_PATH}`;
