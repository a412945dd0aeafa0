import type Koa from 'koa';
import { type Container } from 'inversify';
import { createApp } from '../adapters/inbound/http/createApp';
import { type AppState } from '../adapters/inbound/http/state';
import { type Config } from './env';
import { TOKENS as T } from './tokens';

/** Hands the HTTP adapter its use cases and settings. */
export function buildHttpApp(container: Container, config: Config): Koa<AppState> {
  return createApp({
    settings: { trustProxy: config.trustProxy, baseUrl: config.baseUrl, bodyLimitBytes: config.bodyLimitBytes, rateLimit: { limit: config.rateLimit.limit, windowMs: config.rateLimit.windowMs } },
    clock: container.get(T.Clock),
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
