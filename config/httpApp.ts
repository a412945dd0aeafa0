import type Koa from 'koa';
import { connectCallbackRouter } from '../adapters/inbound/http/pages/connect/connectCallbackRouter';
import { mediaFilesRouter } from '../adapters/inbound/http/pages/media/mediaFilesRouter';
import { sandboxPagesRouter } from '../adapters/inbound/http/pages/sandbox/sandboxPagesRouter';
import { createApp } from '../adapters/inbound/http/createApp';
import { openApiDocumentFor } from '../adapters/inbound/http/openApiDocumentFor';
import { testCheckoutRouter } from '../adapters/inbound/http/pages/checkout/testCheckoutRouter';
import { stripeWebhookRouter } from '../adapters/inbound/http/routers/stripeWebhookRouter';
import { type Surfaces } from '../adapters/inbound/http/HttpDependencies';
import { type AppState } from '../adapters/inbound/http/state';
import { type Composition } from './container';
import { apiRoutes, csvRoutes, uploadRoutes } from './httpRoutes';
import { mcpSurfaceOf } from './mcpSurface';
import { oauthRoutes } from './oauthRoutes';
import { resolveSecretKey } from './secretKey';
import { TOKENS as T } from './tokens';

/**
 * Hands the HTTP adapter its use cases and settings, and the routers of the surfaces beside
 * the JSON API: the authorization server's endpoints, the service's own pages (sign-in, device
 * approval, consent, the sandbox platform's posts) and any `surfaces` given.
 */
export function buildHttpApp(composition: Composition, surfaces: Surfaces = {}): Koa<AppState> {
  const { get } = composition;
  const config = get(T.Config);
  const oauth = oauthRoutes(composition);
  return createApp({
    settings: {
      ...config.http,
      rateLimit: { limit: config.rateLimit.limit, perUserLimit: config.rateLimit.perUserLimit, windowMs: config.rateLimit.windowMs },
      idempotency: config.idempotency,
      // The CSRF tokens' key, shared by every instance; csrf.ts keys its HMAC apart from other uses.
      csrfSecret: resolveSecretKey(config.secrets),
    },
    openApiDocument: openApiDocumentFor(config.billing.products),
    surfaces: {
      ...surfaces,
      oauth: [...oauth.oauth, ...(surfaces.oauth ?? [])],
      pages: [
        ...oauth.pages,
        sandboxPagesRouter(get(T.ReadSandboxPost)),
        mediaFilesRouter(get(T.ServeMediaFile)),
        connectCallbackRouter(get(T.CompleteConnection)),
        testCheckoutRouter(get(T.TestModePaymentProvider), get(T.RecordBillingEvent), get(T.Clock)),
        ...(surfaces.pages ?? []),
      ],
      chained: [mcpSurfaceOf(composition), ...(surfaces.chained ?? [])],
      webhooks: [stripeWebhookRouter(get(T.PaymentProvider), get(T.RecordBillingEvent), get(T.InboundEventLog), get(T.Clock)), ...(surfaces.webhooks ?? [])],
    },
    clock: get(T.Clock),
    timers: get(T.Timers),
    logger: get(T.Logger),
    cancellation: get(T.Cancellation),
    rateLimitStore: get(T.RateLimitStore),
    idempotencyStore: get(T.IdempotencyStore),
    authenticate: get(T.AuthenticateBearer),
    authorizeWorkspace: get(T.AuthorizeWorkspace),
    checkHealth: get(T.CheckHealth),
    signingKeys: get(T.KeyRing),
    api: apiRoutes(composition),
    uploadApi: uploadRoutes(composition),
    csvApi: csvRoutes(composition),
  });
}
