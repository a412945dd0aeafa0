import { mcpResourceOf } from '../../adapters/inbound/http/mcpPaths';
import { AuthenticateBearer } from '../../application/auth/AuthenticateBearer';
import { CallerScopes } from '../../application/auth/CallerScopes';
import { VerifyAccessToken } from '../../application/oauth/VerifyAccessToken';
import { type Config } from '../env';
import { MCP_TOKENS as M } from '../mcpTokens';
import { TOKENS as T } from '../tokens';
import { type Wiring } from '../Wiring';

/** import_media waits up to a minute for an item to be ready, looking every second (docs/agents.md). */
const MEDIA_WAIT_MS = 60_000;
const MEDIA_POLL_MS = 1000;

/**
 * The MCP server (docs/agents.md): a resource server of its own, so its bearer check is the
 * API's (AuthenticateBearer, VerifyAccessToken: signature, claims, the family's revocation) with
 * its own audience; its tools call the API's use cases, bound elsewhere.
 */
export function bindMcp(w: Wiring, config: Config): void {
  const resource = mcpResourceOf(config.oauth.issuer);
  w.build(
    M.McpAccessTokenVerifier,
    [T.AccessTokens, T.TokenGrants, T.Clock, T.Logger],
    (tokens, grants, clock, logger) => new VerifyAccessToken(tokens, grants, clock, resource, logger),
  );
  w.construct(M.McpAuthenticateBearer, AuthenticateBearer, [
    T.ApiKeyCredentials,
    T.UserRepository,
    T.SecretHasher,
    T.SessionTokens,
    M.McpAccessTokenVerifier,
    T.SessionStore,
    T.Clock,
  ]);
  w.construct(M.CallerScopes, CallerScopes, [T.MembershipRepository]);
  w.value(M.McpSettings, { mediaWaitMs: MEDIA_WAIT_MS, mediaPollMs: MEDIA_POLL_MS });
}
