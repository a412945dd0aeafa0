import { type Surface } from '../adapters/inbound/http/chains/surfaces';
import { mcpSurface } from '../adapters/inbound/mcp/mcpSurface';
import { type Composition } from './container';
import { MCP_TOKENS as M } from './mcpTokens';
import { TOKENS as T } from './tokens';

/** The MCP server's surface with the use cases its tools call: the API routers' own (config/httpRoutes.ts). */
export function mcpSurfaceOf({ get }: Composition): Surface {
  const config = get(T.Config);
  return mcpSurface({
    baseUrl: config.http.baseUrl,
    authenticate: get(M.McpAuthenticateBearer),
    rateLimit: {
      store: get(T.RateLimitStore),
      clock: get(T.Clock),
      limit: config.rateLimit.limit,
      perUserLimit: config.rateLimit.perUserLimit,
      windowMs: config.rateLimit.windowMs,
    },
    bodyLimitBytes: config.http.bodyLimitBytes,
    context: {
      logger: get(T.Logger),
      settings: get(M.McpSettings),
      replays: { store: get(T.IdempotencyStore), clock: get(T.Clock), ...config.idempotency },
      useCases: {
        authorize: get(T.AuthorizeWorkspace),
        scopes: get(M.CallerScopes),
        workspaces: get(T.ListMyWorkspaces),
        connections: get(T.ListConnections),
        platforms: get(T.ListPlatforms),
        posts: { read: get(T.ReadPosts), write: get(T.WritePosts), lifecycle: get(T.ChangePostLifecycle) },
        attempts: get(T.ListTargetAttempts),
        media: { import: get(T.ImportMedia), read: get(T.ReadMedia), links: get(T.MediaLinks) },
        figures: get(T.PostFigures),
      },
    },
  });
}
