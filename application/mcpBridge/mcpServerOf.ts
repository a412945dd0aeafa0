/** The service's MCP server, the resource (RFC 8707) the bridge's tokens are for (docs/agents.md). */
export const mcpServerOf = (baseUrl: string): string => `${baseUrl}/mcp`;
