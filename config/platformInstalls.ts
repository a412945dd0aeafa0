import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type PlatformInstall, type SettingsSource } from '../adapters/outbound/platforms/kit/install';
import { type Platform, PLATFORMS } from '../domain/platform/Platform';
import { ConfigError, type Env, flag, url } from './envValues';

/** Where each platform's connector folder is, in the source tree and in dist/ alike. */
const CONNECTORS = join(__dirname, '../adapters/outbound/platforms');

/** A platform's name as its folder, its configuration and `config.platforms` spell it. */
export type InstalledPlatform = Lowercase<Exclude<Platform, 'BLUESKY'>>;

/**
 * The install of the platform's connector module, found by the platform's name: the module
 * `<name>/<Name>Connector` under the connectors' folder exports it as `install` (docs/recipes.md,
 * "Adding a platform"). A registered platform without one stops the start, naming the file.
 */
export function installOf(platform: Platform, connectors = CONNECTORS): PlatformInstall<unknown> {
  const folder = join(connectors, platform.toLowerCase());
  const wanted = `${platform.toLowerCase()}connector`;
  const file = filesOf(folder).find((name) => /\.(ts|js)$/.test(name) && !name.endsWith('.d.ts') && name.slice(0, -3).toLowerCase() === wanted);
  if (file === undefined)
    throw new Error(`platform ${platform} has no connector: ${folder}/ holds no ${wanted}.ts module (docs/recipes.md, "Adding a platform")`);
  const { install } = require(join(folder, file)) as { install?: PlatformInstall<unknown> };
  if (install?.platform !== platform) throw new Error(`${join(folder, file)} exports no \`install\` for ${platform} (docs/recipes.md, "Adding a platform")`);
  return install;
}

const filesOf = (folder: string): string[] => {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
};

/**
 * Every platform but Bluesky (always installed: it needs no app, and its connector is built
 * with the outbound address guard in platformConnectors.ts), keyed as the configuration names it.
 */
export const PLATFORM_INSTALLS: ReadonlyMap<InstalledPlatform, PlatformInstall<unknown>> = new Map(
  PLATFORMS.filter((platform) => platform !== 'BLUESKY').map((platform) => [platform.toLowerCase() as InstalledPlatform, installOf(platform)]),
);

/** The environment as the installs read it; each refusal is a ConfigError naming its variable. */
export const settingsSource = (env: Env): SettingsSource => ({
  text: (name) => env[name]?.trim() || null,
  flag: (name, fallback) => flag(env, name, fallback),
  url: (name, fallback) => url(env, name, fallback, ['http:', 'https:']),
  refuse: (name, problem) => {
    throw new ConfigError(name, problem);
  },
});
