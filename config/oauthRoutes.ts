import { type Router } from '@koa/router';
import { authorizeRouter } from '../adapters/inbound/http/pages/oauth/authorizeRouter';
import { deviceRouter } from '../adapters/inbound/http/pages/oauth/deviceRouter';
import { sessionCookie } from '../adapters/inbound/http/pages/signin/sessionCookie';
import { signInRouter } from '../adapters/inbound/http/pages/signin/signInRouter';
import { oauthTokenRouter } from '../adapters/inbound/http/routers/oauth/oauthTokenRouter';
import { oauthTokenStateRouter } from '../adapters/inbound/http/routers/oauth/oauthTokenStateRouter';
import { type AppState } from '../adapters/inbound/http/state';
import { type Composition } from './container';
import { TOKENS as T } from './tokens';

/** The authorization server's endpoints (the form surface) and its pages (docs/decisions.md, "OAuth server"). */
export function oauthRoutes({ get }: Composition): { oauth: Router<AppState>[]; pages: Router<AppState>[] } {
  const config = get(T.Config);
  const cookie = sessionCookie(config.http.baseUrl.startsWith('https:'));
  const sessions = get(T.BrowserSessions);
  return {
    oauth: [
      oauthTokenRouter({ exchange: get(T.ExchangeToken), startDevice: get(T.StartDeviceAuthorization) }),
      oauthTokenStateRouter({ revoke: get(T.RevokeToken), introspect: get(T.IntrospectToken) }),
    ],
    pages: [
      signInRouter({ signIn: get(T.SignIn), sessions }, cookie),
      deviceRouter(get(T.DeviceApproval), sessions, cookie),
      authorizeRouter({ start: get(T.StartAuthorization), consent: get(T.ConsentToAuthorization), sessions }, cookie, config.oauth.issuer),
    ],
  };
}
