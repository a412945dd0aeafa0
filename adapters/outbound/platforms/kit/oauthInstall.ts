import { callbackUrlOf } from '../../../../application/connections/ConnectSettings';
import { type PlatformConnector } from '../../../../application/ports/platforms/PlatformConnector';
import { type Platform } from '../../../../domain/platform/Platform';
import { type ConnectorDeps, type PlatformInstall, type SettingsSource } from './install';

/** A platform's app credentials and its API's addresses (tests point them at a local fake). */
export interface OAuthAppConfig {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly apiBaseUrl: string | null;
  readonly authBaseUrl: string | null;
  /** Where the token endpoint lives when the platform keeps it apart (YouTube's Google, Instagram). */
  readonly tokenBaseUrl: string | null;
}

/**
 * An app's credentials and addresses as the connectors' options spell them (unset addresses:
 * the platform's own), and the service's clock. `tokenBaseUrl` is for a connector whose
 * platform keeps its token endpoint on a host of its own (Instagram, YouTube's Google).
 */
export const appOptions = (app: OAuthAppConfig, { clock }: ConnectorDeps) => ({
  now: () => clock.now(),
  clientId: app.clientId,
  clientSecret: app.clientSecret,
  apiBaseUrl: app.apiBaseUrl ?? undefined,
  authBaseUrl: app.authBaseUrl ?? undefined,
  tokenBaseUrl: app.tokenBaseUrl ?? undefined,
});

/**
 * A platform configured by an OAuth app: `<PLATFORM>_CLIENT_ID` (or `idName`, TikTok's
 * CLIENT_KEY) and `<PLATFORM>_CLIENT_SECRET`, set together, the optional `<PLATFORM>_API_BASE_URL`,
 * `_AUTH_BASE_URL` and `_TOKEN_BASE_URL`, and `extra` settings of its own read beside them.
 */
export function oauthInstall<const P extends Platform, E extends object = object>(
  platform: P,
  build: (settings: OAuthAppConfig & E, deps: ConnectorDeps) => PlatformConnector,
  { idName = 'CLIENT_ID', extra }: { idName?: string; extra?: (source: SettingsSource) => E } = {},
): PlatformInstall<OAuthAppConfig & E> & { readonly platform: P } {
  const variables: [string, string] = [`${platform}_${idName}`, `${platform}_CLIENT_SECRET`];
  return {
    platform,
    read(source) {
      const app = oauthApp(source, platform, variables);
      return app === null ? null : ({ ...app, ...extra?.(source) } as OAuthAppConfig & E);
    },
    setup: (baseUrl) => ({ variables, callbackUrl: callbackUrlOf({ baseUrl }, platform) }),
    connector: build,
  };
}

function oauthApp(source: SettingsSource, prefix: string, [idVariable, secretVariable]: [string, string]): OAuthAppConfig | null {
  const clientId = source.text(idVariable);
  const clientSecret = source.text(secretVariable);
  if (clientId === null && clientSecret === null) return null;
  if (clientId === null || clientSecret === null) {
    return source.refuse(secretVariable, `${idVariable} and ${secretVariable} are set together or not at all`);
  }
  return {
    clientId,
    clientSecret,
    apiBaseUrl: source.url(`${prefix}_API_BASE_URL`, null),
    authBaseUrl: source.url(`${prefix}_AUTH_BASE_URL`, null),
    tokenBaseUrl: source.url(`${prefix}_TOKEN_BASE_URL`, null),
  };
}
