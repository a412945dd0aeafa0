import { Router } from '@koa/router';
import { type Context } from 'koa';
import { ALL_SCOPES } from '../../../../domain/credential/Scope';
import { type PublishedKeys } from '../HttpDependencies';
import { type AppState } from '../state';
import { authorizationServerMetadata } from './authorizationServerMetadata';

/** Metadata changes with a deployment only; the key set changes at a rotation, published an hour ahead. */
export const METADATA_CACHE = 'public, max-age=3600';
export const JWKS_CACHE = 'public, max-age=300';

/**
 * The documents clients discover the service by: RFC 9728 protected-resource metadata (where
 * the 401 challenge's resource_metadata points), RFC 8414 authorization-server metadata, and
 * the public signing keys (RFC 7517) when `keys` is given.
 */
export function discoveryRouter(baseUrl: string, keys?: PublishedKeys): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/.well-known/oauth-protected-resource', (ctx) => {
    ctx.body = {
      resource: baseUrl,
      authorization_servers: [baseUrl],
      bearer_methods_supported: ['header'],
      scopes_supported: [...ALL_SCOPES],
      resource_name: 'Dispatch API',
    };
  });
  router.get('/.well-known/oauth-authorization-server', (ctx) => {
    cacheFor(ctx, METADATA_CACHE);
    ctx.body = authorizationServerMetadata(baseUrl);
  });
  if (keys !== undefined) {
    router.get('/.well-known/jwks.json', async (ctx) => {
      const published = await keys.publicJwks();
      cacheFor(ctx, JWKS_CACHE);
      // The public members only, whatever the key set holds: never a private "d".
      ctx.body = { keys: published.map(({ kty, crv, x, y, kid, alg, use }) => ({ kty, crv, x, y, kid, alg, use })) };
    });
  }
  return router;
}

/** A request that sent a credential keeps its no-store (see chains/jsonFrame.ts). */
function cacheFor(ctx: Context, value: string): void {
  if (!ctx.response.get('Cache-Control')) ctx.set('Cache-Control', value);
}
