import { Router } from '@koa/router';
import { type ExchangeToken } from '../../../../../application/oauth/ExchangeToken';
import { type StartDeviceAuthorization } from '../../../../../application/oauth/StartDeviceAuthorization';
import { type AppState } from '../../state';
import { clientCredentialsOf, field } from './clientCredentialsOf';

/**
 * POST /oauth/token (the three grants) and POST /oauth/device/authorize (RFC 8628 §3.1), on the
 * form chain: urlencoded bodies, OAuth error bodies, no-store, a rate limit per address.
 */
export function oauthTokenRouter(useCases: { exchange: ExchangeToken; startDevice: StartDeviceAuthorization }): Router<AppState> {
  const router = new Router<AppState>();
  router.post('/oauth/token', async (ctx) => {
    ctx.body = await useCases.exchange.execute({
      client: clientCredentialsOf(ctx),
      grantType: field(ctx, 'grant_type'),
      code: field(ctx, 'code'),
      redirectUri: field(ctx, 'redirect_uri'),
      codeVerifier: field(ctx, 'code_verifier'),
      deviceCode: field(ctx, 'device_code'),
      refreshToken: field(ctx, 'refresh_token'),
      scope: field(ctx, 'scope'),
      resource: field(ctx, 'resource'),
    });
  });
  router.post('/oauth/device/authorize', async (ctx) => {
    ctx.body = await useCases.startDevice.execute({
      client: clientCredentialsOf(ctx),
      scope: field(ctx, 'scope'),
      resource: field(ctx, 'resource'),
      workspaceId: field(ctx, 'workspace_id'),
    });
  });
  return router;
}
