import type Koa from 'koa';
import { type Container } from 'inversify';
import { createApp } from '../adapters/inbound/http/createApp';
import { type Surfaces } from '../adapters/inbound/http/HttpDependencies';
import { type AppState } from '../adapters/inbound/http/state';
import { type WriteLock } from '../adapters/outbound/persistence/typeorm/WriteLock';
import { type Config } from './env';
import { resolveSecretKey } from './secretKey';
import { TOKENS as T } from './tokens';

/** Hands the HTTP adapter its use cases and settings, and the routers of the surfaces beside the JSON API. */
export function buildHttpApp(container: Container, config: Config, surfaces: Surfaces = {}): Koa<AppState> {
  return createApp({
    settings: {
      trustProxy: config.trustProxy, baseUrl: config.baseUrl, bodyLimitBytes: config.bodyLimitBytes,
      rateLimit: { limit: config.rateLimit.limit, windowMs: config.rateLimit.windowMs },
      // The CSRF tokens' key, shared by every instance; csrf.ts keys its HMAC apart from other uses.
      csrfSecret: resolveSecretKey(config), uploadLimitBytes: config.uploadLimitBytes,
    },
    surfaces,
    clock: container.get(T.Clock),
    serializeWrites: (work) => container.get<WriteLock>(T.WriteLock).run(work),
    logger: container.get(T.Logger),
    rateLimitStore: container.get(T.RateLimitStore),
    idempotencyStore: container.get(T.IdempotencyStore),
    authenticate: container.get(T.AuthenticateBearer),
    authorizeWorkspace: container.get(T.AuthorizeWorkspace),
    checkHealth: container.get(T.CheckHealth),
    getCurrentUser: container.get(T.GetCurrentUser),
    listMyWorkspaces: container.get(T.ListMyWorkspaces),
    listConnections: container.get(T.ListConnections),
    apiKeys: container.get(T.ManageApiKeys),
    posts: { read: container.get(T.ReadPosts), write: container.get(T.WritePosts), lifecycle: container.get(T.ChangePostLifecycle) },
  });
}
