import { Router } from '@koa/router';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { type Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { type AuthenticateBearer } from '../../../application/auth/AuthenticateBearer';
import { forbidden } from '../../../domain/shared/DomainError';
import { inOrder, routing } from '../http/chains/inOrder';
import { jsonFrame } from '../http/chains/jsonFrame';
import { type Surface } from '../http/chains/surfaces';
import { identifyCaller, requireCredential } from '../http/middleware/authenticate';
import { errorHandler } from '../http/middleware/errorHandler';
import { rateLimit, type RateLimitOptions } from '../http/middleware/rateLimit';
import { requireJson } from '../http/middleware/requireJson';
import { credentialOf, type AppState } from '../http/state';
import { McpCaller } from './McpCaller';
import { MCP_METADATA_PATH, MCP_PATH } from '../http/mcpPaths';
import { mcpServerFor } from './mcpServer';
import { type McpContext } from './McpUseCases';
import { mcpResourceMetadata } from './protectedResourceMetadata';

export interface McpSurfaceOptions {
  readonly baseUrl: string;
  /** The MCP resource's own: it accepts OAuth access tokens whose audience is BASE_URL/mcp only (and API keys, sessions). */
  readonly authenticate: AuthenticateBearer;
  /** The JSON API's limit and buckets: an MCP request counts like any other API request. */
  readonly rateLimit: RateLimitOptions;
  readonly bodyLimitBytes: number;
  readonly context: McpContext;
}

/**
 * The MCP server's surface (docs/surfaces.md, docs/agents.md): `POST /mcp`, the Streamable HTTP
 * transport in stateless mode answering JSON, and its RFC 9728 metadata. The JSON API's
 * headers, error body, credential and rate limit, with one difference: a 401's challenge points
 * at the MCP server's own metadata, since its tokens are for its own resource.
 */
export function mcpSurface(options: McpSurfaceOptions): Surface {
  const { baseUrl, context } = options;
  const router = new Router<AppState>();
  router.get(MCP_METADATA_PATH, (ctx) => {
    ctx.body = mcpResourceMetadata(baseUrl);
  });
  router.post(MCP_PATH, requireCredential(), sameOrigin(new URL(baseUrl).origin), ...jsonBody(options.bodyLimitBytes), async (ctx) => {
    const caller = new McpCaller(credentialOf(ctx), ctx.state.requestId, context.useCases);
    const server = mcpServerFor(caller, context);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    ctx.respond = false; // the transport writes the answer; the headers set so far go with it
    ctx.res.on('close', () => void server.close());
    await server.connect(transport);
    await transport.handleRequest(ctx.req, ctx.res, ctx.request.body);
  });
  return {
    name: 'mcp',
    owns: (ctx) => ctx.path === MCP_PATH || ctx.path === MCP_METADATA_PATH,
    chain: inOrder(
      jsonFrame,
      errorHandler(context.logger, baseUrl, `${baseUrl}${MCP_METADATA_PATH}`),
      identifyCaller(options.authenticate),
      rateLimit(options.rateLimit),
      ...routing([router]),
    ),
  };
}

/** The JSON API's body rules (strict JSON, the hostile-input checks, its size limit): the JSON-RPC message is parsed here. */
function jsonBody(limitBytes: number): Middleware<AppState>[] {
  return [
    requireJson(),
    koaBody({
      json: true,
      urlencoded: false,
      text: false,
      multipart: false,
      jsonStrict: true,
      jsonLimit: limitBytes,
      onError: rethrow,
    }) as Middleware<AppState>,
  ];
}

function rethrow(error: Error): never {
  throw error;
}

/**
 * The MCP transport specification asks servers to check Origin against DNS rebinding: a
 * browser's request from another site's page is refused (403 origin_not_allowed); clients
 * outside a browser send none.
 */
const sameOrigin =
  (origin: string): Middleware<AppState> =>
  async (ctx, next) => {
    const sent = ctx.get('Origin');
    if (sent !== '' && sent !== origin)
      throw forbidden('origin_not_allowed', `requests from ${sent} are not accepted; the MCP server takes none from a browser page of another site`);
    await next();
  };
