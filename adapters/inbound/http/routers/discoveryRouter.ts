import { Router } from '@koa/router';
import { ALL_SCOPES } from '../../../../domain/credential/Scope';
import { type AppState } from '../state';

/** RFC 9728 protected-resource metadata: where the 401 challenge's resource_metadata points. */
export function discoveryRouter(baseUrl: string): Router<AppState> {
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
  return router;
}
