import Koa, { type Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { Router } from '@koa/router';
import { type HttpDependencies } from './HttpDependencies';
import { accessLog } from './middleware/accessLog';
import { identifyCaller, requireCredential } from './middleware/authenticate';
import { errorHandler } from './middleware/errorHandler';
import { idempotency } from './middleware/idempotency';
import { rateLimit } from './middleware/rateLimit';
import { requestId } from './middleware/requestId';
import { requireJson } from './middleware/requireJson';
import { OPENAPI_DOCUMENT } from './openapi/document';
import { apiKeysRouter } from './routers/apiKeysRouter';
import { connectionsRouter } from './routers/connectionsRouter';
import { discoveryRouter } from './routers/discoveryRouter';
import { healthRouter } from './routers/healthRouter';
import { meRouter } from './routers/meRouter';
import { postReviewsRouter } from './routers/postReviewsRouter';
import { postsRouter } from './routers/postsRouter';
import { postTargetsRouter } from './routers/postTargetsRouter';
import { type AppState } from './state';

/** Builds the Koa application (never listens: the entry point or a test does). */
export function createApp(deps: HttpDependencies): Koa<AppState> {
  const app = new Koa<AppState>();
  app.silent = true;
  app.proxy = deps.settings.trustProxy;

  // Health stays outside the rate limit: a load balancer polling it must never be refused.
  const health = healthRouter(deps.checkHealth);
  const open = new Router<AppState>();
  open.use(discoveryRouter(deps.settings.baseUrl).routes());
  open.get('/openapi.json', (ctx) => { ctx.body = OPENAPI_DOCUMENT; });

  const api = new Router<AppState>();
  api.use(requireCredential());
  const writes = writesOf(deps);
  for (const router of [
    meRouter(deps.getCurrentUser, deps.listMyWorkspaces),
    connectionsRouter(deps.authorizeWorkspace, deps.listConnections),
    apiKeysRouter(deps.authorizeWorkspace, deps.apiKeys, writes),
    postsRouter(deps.authorizeWorkspace, deps.posts, writes, deps.logger),
    postTargetsRouter(deps.authorizeWorkspace, deps.posts, writes),
    postReviewsRouter(deps.authorizeWorkspace, deps.posts, writes),
  ]) {
    api.use(router.routes());
  }

  app
    .use(requestId())
    .use(accessLog(deps.logger))
    .use(errorHandler(deps.logger, deps.settings.baseUrl))
    .use(health.routes())
    // Every other request counts: per credential when it has a valid one, else per client address.
    .use(identifyCaller(deps.authenticate))
    .use(rateLimit({ store: deps.rateLimitStore, clock: deps.clock, ...deps.settings.rateLimit }))
    .use(requireJson())
    .use(koaBody({ json: true, urlencoded: false, text: false, multipart: false, jsonStrict: true, jsonLimit: deps.settings.bodyLimitBytes, onError: rethrow }))
    .use(open.routes())
    .use(api.routes())
    // A known path with another method: 405 with an Allow header, not a 404.
    .use(api.allowedMethods());
  return app;
}

/**
 * What every writing route runs after its access check (never before it: a stored answer,
 * an API key's secret included, must be replayed only to a caller allowed to make the
 * request now): the Idempotency-Key. Transactions and their locking belong to the unit of
 * work, not to HTTP (docs/decisions.md, "SQLite: the unit of work serializes writers").
 */
function writesOf(deps: HttpDependencies): Middleware<AppState> {
  return idempotency({ store: deps.idempotencyStore, clock: deps.clock, ...deps.settings.idempotency });
}

function rethrow(error: Error): never {
  throw error;
}
