import { callbackUrlOf } from '../application/connections/ConnectSettings';
import { type PlatformSetup } from '../application/connections/PlatformConnectors';
import { type Platform } from '../domain/platform/Platform';
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

/** Neynar's API key and the app account that asks for signers; the recovery phrase is a secret, never logged. */
export interface FarcasterConfig {
  readonly apiKey: string;
  readonly appFid: number;
  readonly appMnemonic: string;
  readonly apiBaseUrl: string;
}

/** The platforms the operator configured (README, "Connecting accounts"); null: not configured. */
export interface PlatformsConfig {
  readonly linkedin: (OAuthAppConfig & { readonly organizations: boolean }) | null;
  readonly twitter: OAuthAppConfig | null;
  readonly threads: OAuthAppConfig | null;
  readonly instagram: OAuthAppConfig | null;
  readonly facebook: OAuthAppConfig | null;
  readonly pinterest: OAuthAppConfig | null;
  /** TikTok calls its client id a client key (TIKTOK_CLIENT_KEY); `videoList` (TIKTOK_VIDEO_LIST) also asks for video.list, for figures. */
  readonly tiktok: (OAuthAppConfig & { readonly videoList: boolean }) | null;
  readonly youtube: OAuthAppConfig | null;
  /** Farcaster through Neynar: set when NEYNAR_API_KEY, FARCASTER_APP_FID and FARCASTER_APP_MNEMONIC all are. */
  readonly farcaster: FarcasterConfig | null;
  /** Origins an app's `returnTo` may point at, besides BASE_URL's (README, "Connecting accounts"). */
  readonly returnToOrigins: readonly string[];
  /** BLUESKY_APPVIEW_URL: the AppView posts' figures are read from; absent: Bluesky's public one (docs/analytics.md). */
  readonly blueskyAppViewUrl?: string;
}

/**
 * What configures each platform that needs configuring, for the refusals that name it
 * (PlatformConnectors.setupOf): the variables read below, and the callback URL under BASE_URL
 * its app registers (none for Farcaster, whose signers are approved in its app).
 */
export function platformSetups(baseUrl: string): ReadonlyMap<Platform, PlatformSetup> {
  const oauth = (platform: Platform, idName = 'CLIENT_ID') =>
    [platform, { variables: appVariables(platform, idName), callbackUrl: callbackUrlOf({ baseUrl }, platform) }] as const;
  return new Map<Platform, PlatformSetup>([
    ...OAUTH_PLATFORMS.map((platform) => oauth(platform)),
    oauth('TIKTOK', 'CLIENT_KEY'),
    ['FARCASTER', { variables: FARCASTER_NAMES, callbackUrl: null }],
  ]);
}

/** The platforms configured by `<PLATFORM>_CLIENT_ID` and `<PLATFORM>_CLIENT_SECRET` (TikTok names its id a key). */
const OAUTH_PLATFORMS = ['LINKEDIN', 'TWITTER', 'THREADS', 'INSTAGRAM', 'FACEBOOK', 'PINTEREST', 'YOUTUBE'] as const;

/** An OAuth app's two variables, e.g. TWITTER_CLIENT_ID and TWITTER_CLIENT_SECRET. */
const appVariables = (prefix: string, idName: string): [string, string] => [`${prefix}_${idName}`, `${prefix}_CLIENT_SECRET`];

export function platformsConfig(env: Env): PlatformsConfig {
  const linkedin = oauthApp(env, 'LINKEDIN');
  const tiktok = oauthApp(env, 'TIKTOK', 'CLIENT_KEY');
  return {
    linkedin: linkedin === null ? null : { ...linkedin, organizations: flag(env, 'LINKEDIN_ORGANIZATIONS', false) },
    twitter: oauthApp(env, 'TWITTER'),
    threads: oauthApp(env, 'THREADS'),
    instagram: oauthApp(env, 'INSTAGRAM'),
    facebook: oauthApp(env, 'FACEBOOK'),
    pinterest: oauthApp(env, 'PINTEREST'),
    tiktok: tiktok === null ? null : { ...tiktok, videoList: flag(env, 'TIKTOK_VIDEO_LIST', false) },
    youtube: oauthApp(env, 'YOUTUBE'),
    farcaster: farcasterApp(env),
    returnToOrigins: returnToOrigins(env),
    ...blueskyAppView(env),
  };
}

/** Set only when the operator names another AppView than Bluesky's public one. */
function blueskyAppView(env: Env): { blueskyAppViewUrl?: string } {
  const appView = url(env, 'BLUESKY_APPVIEW_URL', null, ['http:', 'https:']);
  return appView === null ? {} : { blueskyAppViewUrl: appView };
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
  const [idVariable, secretVariable] = appVariables(prefix, idName);
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

const FARCASTER_NAMES = ['NEYNAR_API_KEY', 'FARCASTER_APP_FID', 'FARCASTER_APP_MNEMONIC'] as const;

function farcasterApp(env: Env): FarcasterConfig | null {
  const [apiKey, fid, mnemonic] = FARCASTER_NAMES.map((name) => env[name]?.trim() || null);
  if (apiKey === null && fid === null && mnemonic === null) return null;
  if (apiKey === null || fid === null || mnemonic === null) {
    const missing = FARCASTER_NAMES.filter((name) => !env[name]?.trim());
    throw new ConfigError(missing[0]!, `${FARCASTER_NAMES.join(', ')} are set together or not at all`);
  }
  if (!/^[1-9]\d{0,15}$/.test(fid)) throw new ConfigError('FARCASTER_APP_FID', "must be the app account's fid (a positive integer)");
  const words = mnemonic.split(/\s+/);
  if (![12, 15, 18, 21, 24].includes(words.length)) {
    throw new ConfigError('FARCASTER_APP_MNEMONIC', "must be the app account's recovery phrase (12 to 24 words)");
  }
  return {
    apiKey,
    appFid: Number(fid),
    appMnemonic: words.join(' '),
    apiBaseUrl: url(env, 'NEYNAR_API_BASE_URL', 'https://api.neynar.com', ['http:', 'https:'])!,
  };
}
