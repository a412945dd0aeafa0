import { callbackUrlOf } from '../application/connections/ConnectSettings';
import { type PlatformSetup } from '../application/connections/PlatformConnectors';
import { type Clock } from '../application/ports/Clock';
import { type PlatformConnector } from '../application/ports/platforms/PlatformConnector';
import { type Platform } from '../domain/platform/Platform';
import { ConfigError, type Env, url } from './envValues';

/** A platform's app credentials and its API's addresses (tests point them at a local fake). */
export interface OAuthAppConfig {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly apiBaseUrl: string | null;
  readonly authBaseUrl: string | null;
  /** Where the token endpoint lives when the platform keeps it apart (YouTube's Google, Instagram). */
  readonly tokenBaseUrl: string | null;
}

/** What a connector is built with besides its settings: the service's clock. */
export interface ConnectorDeps {
  readonly clock: Clock;
}

/**
 * How one platform is installed on this service: what configures it, read from the
 * environment at start (null: not configured, so the platform is refused with `setup`'s
 * names), and its connector built from what was read.
 */
export interface PlatformInstall<S> {
  readonly platform: Platform;
  read(env: Env): S | null;
  /** The variables to set and the callback URL its app registers (none for Farcaster), for the refusals that name them. */
  setup(baseUrl: string): PlatformSetup;
  connector(settings: S, deps: ConnectorDeps): PlatformConnector;
}

/** An app's credentials and addresses as the connectors' options spell them (unset addresses: the platform's own), and the service's clock. */
export const appOptions = (app: OAuthAppConfig, { clock }: ConnectorDeps) => ({
  now: () => clock.now(),
  clientId: app.clientId,
  clientSecret: app.clientSecret,
  apiBaseUrl: app.apiBaseUrl ?? undefined,
  authBaseUrl: app.authBaseUrl ?? undefined,
});

/**
 * A platform configured by an OAuth app: `<PREFIX>_CLIENT_ID` (or `idName`, TikTok's
 * CLIENT_KEY) and `<PREFIX>_CLIENT_SECRET`, set together, the optional `<PREFIX>_API_BASE_URL`,
 * `_AUTH_BASE_URL` and `_TOKEN_BASE_URL`, and `extra` settings of its own read beside them.
 */
export function oauthPlatform<const P extends Platform, E extends object = object>(
  platform: P,
  build: (settings: OAuthAppConfig & E, deps: ConnectorDeps) => PlatformConnector,
  { idName = 'CLIENT_ID', extra }: { idName?: string; extra?: (env: Env) => E } = {},
): PlatformInstall<OAuthAppConfig & E> & { readonly platform: P } {
  const variables = appVariables(platform, idName);
  return {
    platform,
    read(env) {
      const app = oauthApp(env, platform, variables);
      return app === null ? null : ({ ...app, ...extra?.(env) } as OAuthAppConfig & E);
    },
    setup: (baseUrl) => ({ variables, callbackUrl: callbackUrlOf({ baseUrl }, platform) }),
    connector: build,
  };
}

/** An OAuth app's two variables, e.g. TWITTER_CLIENT_ID and TWITTER_CLIENT_SECRET. */
const appVariables = (prefix: string, idName: string): [string, string] => [`${prefix}_${idName}`, `${prefix}_CLIENT_SECRET`];

function oauthApp(env: Env, prefix: string, [idVariable, secretVariable]: [string, string]): OAuthAppConfig | null {
  const clientId = env[idVariable]?.trim() || null;
  const clientSecret = env[secretVariable]?.trim() || null;
  if (clientId === null && clientSecret === null) return null;
  if (clientId === null || clientSecret === null) {
    throw new ConfigError(secretVariable, `${idVariable} and ${secretVariable} are set together or not at all`);
  }
  return {
    clientId,
    clientSecret,
    apiBaseUrl: url(env, `${prefix}_API_BASE_URL`, null, ['http:', 'https:']),
    authBaseUrl: url(env, `${prefix}_AUTH_BASE_URL`, null, ['http:', 'https:']),
    tokenBaseUrl: url(env, `${prefix}_TOKEN_BASE_URL`, null, ['http:', 'https:']),
  };
}
