import { type CallerScopes } from '../application/auth/CallerScopes';
import { type AuthenticateBearer } from '../application/auth/AuthenticateBearer';
import { type McpSettings } from '../adapters/inbound/mcp/McpUseCases';
import { type AccessTokenVerifier } from '../application/ports/AccessTokenVerifier';
import { token } from './Wiring';

/** The MCP server's services (config/bindings/mcp.ts), beside TOKENS. */
export const MCP_TOKENS = {
  /** OAuth access tokens whose audience is the MCP server (BASE_URL/mcp), family checked: the API's verifier with the other audience. */
  McpAccessTokenVerifier: token<AccessTokenVerifier>('McpAccessTokenVerifier'),
  /** Bearer credentials at /mcp: API keys and sessions as at the API, OAuth tokens for the MCP resource only. */
  McpAuthenticateBearer: token<AuthenticateBearer>('McpAuthenticateBearer'),
  CallerScopes: token<CallerScopes>('CallerScopes'),
  McpSettings: token<McpSettings>('McpSettings'),
};
