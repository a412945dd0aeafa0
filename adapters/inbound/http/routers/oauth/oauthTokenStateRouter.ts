import { Router } from '@koa/router';
import { type IntrospectToken } from '../../../../../application/oauth/IntrospectToken';
import { type RevokeToken } from '../../../../../application/oauth/RevokeToken';
import { oauthError } from '../../../../../domain/oauth/oauthError';
import { type AppContext, type AppState } from '../../state';
import { clientCredentialsOf, field } from './clientCredentialsOf';

/** POST /oauth/revoke (RFC 7009) and POST /oauth/introspect (RFC 7662). */
export function oauthTokenStateRouter(useCases: { revoke: RevokeToken; introspect: IntrospectToken }): Router<AppState> {
  const router = new Router<AppState>();
  router.post('/oauth/revoke', async (ctx) => {
    await useCases.revoke.execute({ client: clientCredentialsOf(ctx), token: field(ctx, 'token') });
    ctx.status = 200;
    ctx.body = '';
  });
  router.post('/oauth/introspect', async (ctx) => {
    ctx.body = await useCases.introspect.execute(introspectionRequest(ctx));
  });
  return router;
}

/** The token in the form, asked by a client, or as the bearer header, the holder asking about its own. */
function introspectionRequest(ctx: AppContext): Parameters<IntrospectToken['execute']>[0] {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('Authorization'))?.[1];
  const token = field(ctx, 'token');
  if (bearer !== undefined) {
    if (token !== undefined && token !== bearer) throw oauthError('invalid_request', 'send the token once: in the form or as the bearer header');
    return { token: bearer, client: null };
  }
  // In the form, the asker is a client (RFC 7662 §2.1): it authenticates, and only its own tokens are active to it.
  const client = clientCredentialsOf(ctx);
  if (token === undefined || token === '') throw oauthError('invalid_request', 'token is required');
  return { token, client };
}
