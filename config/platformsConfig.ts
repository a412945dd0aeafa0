import { ConfigError, type Env, flag, url } from './envValues';

/** A platform's app credentials and its API's addresses (tests point them at a local fake). */
export interface OAuthAppConfig {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly apiBaseUrl: string | null;
  readonly authBaseUrl: string | null;
  /** Where the token endpoint lives when the platform keeps it apart (YouTube's Google, Instagram). */
  readonly tokenBaseUrl: string | null;
}

/** The platforms the operator configured (README, "Connecting accounts"); null: not configured. */
export interface PlatformsConfig {
  readonly linkedin: (OAuthAppConfig & { readonly organizations: boolean }) | null;
  readonly twitter: OAuthAppConfig | null;
  readonly threads: OAuthAppConfig | null;
  readonly instagram: OAuthAppConfig | null;
  readonly facebook: OAuthAppConfig | null;
  readonly pinterest: OAuthAppConfig | null;
  /** TikTok calls its client id a client key (TIKTOK_CLIENT_KEY). */
  readonly tiktok: OAuthAppConfig | null;
  readonly youtube: OAuthAppConfig | null;
  /** Origins an app's `returnTo` may point at, besides BASE_URL's (README, "Connecting accounts"). */
  readonly returnToOrigins: readonly string[];
}

export function platformsConfig(env: Env): PlatformsConfig {
  const linkedin = oauthApp(env, 'LINKEDIN');
  return {
    linkedin: linkedin === null ? null : { ...linkedin, organizations: flag(env, 'LINKEDIN_ORGANIZATIONS', false) },
    twitter: oauthApp(env, 'TWITTER'),
    threads: oauthApp(env, 'THREADS'),
    instagram: oauthApp(env, 'INSTAGRAM'),
    facebook: oauthApp(env, 'FACEBOOK'),
    pinterest: oauthApp(env, 'PINTEREST'),
    tiktok: oauthApp(env, 'TIKTOK', 'CLIENT_KEY'),
    youtube: oauthApp(env, 'YOUTUBE'),
    returnToOrigins: returnToOrigins(env),
  };
}

function returnToOrigins(env: Env): string[] {
  const raw = env.CONNECT_RETURN_ORIGINS?.trim() ?? '';
  if (raw === '') return [];
  return raw.split(',').map((entry) => {
    try {
      const url = new URL(entry.trim());
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http');
      return url.origin;
    } catch {
      throw new ConfigError('CONNECT_RETURN_ORIGINS', `must list http(s) origins separated by commas; "${entry.trim()}" is not one`);
    }
  });
}

function oauthApp(env: Env, prefix: string, idName = 'CLIENT_ID'): OAuthAppConfig | null {
  const clientId = env[`${prefix}_${idName}`]?.trim() || null;
  const clientSecret = env[`${prefix}_CLIENT_SECRET`]?.trim() || null;
  if (clientId === null && clientSecret === null) return null;
  if (clientId === null || clientSecret === null) {
    throw new ConfigError(`${prefix}_CLIENT_SECRET`, `${prefix}_${idName} and ${prefix}_CLIENT_SECRET are set together or not at all`);
  }
  return {
    clientId,
    clientSecret,
    apiBaseUrl: url(env, `${prefix}_API_BASE_URL`, null, ['http:', 'https:']),
    authBaseUrl: url(env, `${prefix}_AUTH_BASE_URL`, null, ['http:', 'https:']),
    tokenBaseUrl: url(env, `${prefix}_TOKEN_BASE_URL`, null, ['http:', 'https:']),
  };
}
