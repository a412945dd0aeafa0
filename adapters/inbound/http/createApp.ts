import { randomBytes } from 'node:crypto';
import Koa, { type Middleware } from 'koa';
import { type Cancellation } from '../../../application/ports/Cancellation';
import { Router } from '@koa/router';
import { POST_CSV_BYTES_MAX } from './csv/postsCsvFormat';
import { type HttpDependencies } from './HttpDependencies';
import { requireCredential } from './middleware/authenticate';
import { idempotency } from './middleware/idempotency';
import { requestDeadline } from './middleware/requestDeadline';
import { requestFrame } from './chains/requestFrame';
import { OPENAPI_DOCUMENT } from './openApiDocument';
import { workspaceAccess } from './middleware/workspaceAccess';
import { type RouteKit } from './RouteKit';
import { discoveryRouter } from './routers/discoveryRouter';
import { healthRouter } from './routers/healthRouter';
import { type AppState } from './state';
import { formChain } from './chains/formChain';
import { jsonApiChain } from './chains/jsonApiChain';
import { pageChain } from './chains/pageChain';
import { csvChain } from './chains/csvChain';
import { bySurface, routedBy, underPrefix, type Surface } from './chains/surfaces';
import { uploadChain } from './chains/uploadChain';
import { webhookChain } from './chains/webhookChain';

const DEFAULT_UPLOAD_LIMIT_BYTES = 100 * 1024 * 1024;
const DEFAULT_WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;
/** posts.import's files (csv/postsCsvFormat.ts): 500 rows of long posts fit. */
const DEFAULT_CSV_BODY_LIMIT_BYTES = POST_CSV_BYTES_MAX;

/** Builds the Koa application (never listens: the entry point or a test does). */
export function createApp(deps: HttpDependencies): Koa<AppState> {
  const app = new Koa<AppState>();
  app.silent = true;
  // The client's address is clientAddress's alone; Koa would believe the client's own X-Forwarded-For entry.
  app.proxy = false;

  // Health stays outside every chain and its rate limit: a load balancer polling it must never be refused.
  const health = healthRouter(deps.checkHealth);
  const open = new Router<AppState>();
  open.use(discoveryRouter(deps.settings.baseUrl, deps.signingKeys).routes());
  open.get('/openapi.json', (ctx) => {
    ctx.body = deps.openApiDocument ?? OPENAPI_DOCUMENT;
  });

  const api = new Router<AppState>();
  api.use(requireCredential());
  const kit = routeKitOf(deps);
  for (const routes of deps.api) api.use(routes(kit).routes());

  app
    // Request id, client address, the last-resort answer and the access log, in one middleware.
    .use(requestFrame(deps.settings.trustProxy, deps.logger))
    .use(health.routes())
    // One chain per kind of surface, each with its own body parser and error renderer (docs/surfaces.md).
    .use(
      bySurface(
        surfacesOf(deps),
        jsonApiChain([open, api], {
          logger: deps.logger,
          baseUrl: deps.settings.baseUrl,
          authenticate: deps.authenticate,
          rateLimit: rateLimitOf(deps),
          bodyLimitBytes: deps.settings.bodyLimitBytes,
          deadline: deadlineOf(deps),
        }),
      ),
    );
  return app;
}

/** Uploads take as long as their bytes do: every chain but theirs gets the request ceiling. */
function deadlineOf(deps: HttpDependencies): Middleware<AppState> | undefined {
  const timeoutMs = deps.settings.requestTimeoutMs;
  if (timeoutMs === undefined) return undefined;
  return requestDeadline({ timeoutMs, cancellation: deps.cancellation ?? UNCANCELLABLE, logger: deps.logger, timers: deps.timers });
}

/** Without a Cancellation the deadline still answers; the work left behind is simply not told. */
const UNCANCELLABLE: Cancellation = { within: (_signal, work) => work(), current: () => undefined };

/** The surfaces other than the JSON API, in the order they are asked whether they own a request. */
function surfacesOf(deps: HttpDependencies): Surface[] {
  const { settings, logger } = deps;
  const { oauth = [], pages = [], webhooks = [] } = deps.surfaces ?? {};
  const kit = routeKitOf(deps);
  const uploads = [...(deps.surfaces?.uploads ?? []), ...(deps.uploadApi ?? []).map((routes) => routes(kit))];
  const surfaces: Surface[] = [...(deps.surfaces?.chained ?? [])];
  if (pages.length > 0) {
    surfaces.push({
      name: 'pages',
      owns: routedBy(pages),
      chain: pageChain(pages, {
        logger,
        rateLimit: rateLimitOf(deps),
        bodyLimitBytes: settings.bodyLimitBytes,
        csrfSecret: settings.csrfSecret ?? randomBytes(32).toString('base64url'),
        secureCookies: settings.baseUrl.startsWith('https:'),
        deadline: deadlineOf(deps),
      }),
    });
  }
  if (uploads.length > 0) {
    surfaces.push({
      name: 'uploads',
      owns: routedBy(uploads),
      chain: uploadChain(uploads, {
        logger,
        baseUrl: settings.baseUrl,
        authenticate: deps.authenticate,
        rateLimit: rateLimitOf(deps),
        uploadLimitBytes: settings.uploadLimitBytes ?? DEFAULT_UPLOAD_LIMIT_BYTES,
      }),
    });
  }
  const csvFiles = (deps.csvApi ?? []).map((routes) => routes(kit));
  if (csvFiles.length > 0) {
    surfaces.push({
      name: 'csv',
      owns: routedBy(csvFiles),
      chain: csvChain(csvFiles, {
        logger,
        baseUrl: settings.baseUrl,
        authenticate: deps.authenticate,
        rateLimit: rateLimitOf(deps),
        bodyLimitBytes: settings.csvBodyLimitBytes ?? DEFAULT_CSV_BODY_LIMIT_BYTES,
        deadline: deadlineOf(deps),
      }),
    });
  }
  surfaces.push(
    {
      name: 'oauth',
      owns: underPrefix('/oauth'),
      chain: formChain(oauth, { logger, rateLimit: rateLimitOf(deps), bodyLimitBytes: settings.bodyLimitBytes, deadline: deadlineOf(deps) }),
    },
    {
      name: 'webhooks',
      owns: underPrefix('/webhooks'),
      chain: webhookChain(webhooks, {
        logger,
        bodyLimitBytes: settings.webhookBodyLimitBytes ?? DEFAULT_WEBHOOK_BODY_LIMIT_BYTES,
        deadline: deadlineOf(deps),
      }),
    },
  );
  return surfaces;
}

const rateLimitOf = (deps: HttpDependencies) => ({ store: deps.rateLimitStore, clock: deps.clock, ...deps.settings.rateLimit });

/**
 * What the JSON API's routers mount around their handlers. Transactions and their locking
 * belong to the unit of work, not to HTTP (docs/decisions.md, "SQLite: the unit of work
 * serializes writers").
 */
function routeKitOf(deps: HttpDependencies): RouteKit {
  return {
    access: (scope) => workspaceAccess(deps.authorizeWorkspace, scope),
    writes: idempotency({ store: deps.idempotencyStore, clock: deps.clock, ...deps.settings.idempotency }),
    logger: deps.logger,
  };
}
