import { type PlatformSetup } from '../application/connections/PlatformConnectors';
import { type Platform } from '../domain/platform/Platform';
import { ConfigError, type Env, url } from './envValues';
import { type InstalledPlatform, PLATFORM_INSTALLS, settingsSource } from './platformInstalls';

/** What each installed platform's install read from the environment (its connector's settings); null: not configured. */
export type InstalledSettings = { readonly [K in InstalledPlatform]: unknown };

/** The platforms the operator configured (README, "Connecting accounts"): each installed one's settings, null when not configured. */
export type PlatformsConfig = InstalledSettings & {
  /** Origins an app's `returnTo` may point at, besides BASE_URL's (README, "Connecting accounts"). */
  readonly returnToOrigins: readonly string[];
  /** BLUESKY_APPVIEW_URL: the AppView posts' figures are read from; absent: Bluesky's public one (docs/analytics.md). */
  readonly blueskyAppViewUrl?: string;
};

/**
 * What configures each platform that needs configuring, for the refusals that name it
 * (PlatformConnectors.setupOf): its variables, and the callback URL under BASE_URL its app registers.
 */
export function platformSetups(baseUrl: string): ReadonlyMap<Platform, PlatformSetup> {
  return new Map([...PLATFORM_INSTALLS.values()].map((install) => [install.platform, install.setup(baseUrl)]));
}

export function platformsConfig(env: Env): PlatformsConfig {
  const source = settingsSource(env);
  const installed = Object.fromEntries([...PLATFORM_INSTALLS].map(([name, install]) => [name, install.read(source)])) as InstalledSettings;
  return { ...installed, returnToOrigins: returnToOrigins(env), ...blueskyAppView(env) };
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
