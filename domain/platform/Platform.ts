import { bluesky } from './bluesky/bluesky';
import { facebook } from './facebook/facebook';
import { farcaster } from './farcaster/farcaster';
import { instagram } from './instagram/instagram';
import { linkedin } from './linkedin/linkedin';
import { pinterest } from './pinterest/pinterest';
import { type MediaRules } from '../media/MediaRules';
import { type PlatformCapabilities } from './PlatformCapabilities';
import { type PlatformDescriptor, type PostBudget } from './PlatformDescriptor';
import { threads } from './threads/threads';
import { tiktok } from './tiktok/tiktok';
import { twitter } from './twitter/twitter';
import { youtube } from './youtube/youtube';
import { type ValuesOf } from './SettingsSchema';

/**
 * The registry: every platform a target can publish to, one descriptor each. Adding a
 * platform is a folder beside this file and a line here (docs/recipes.md, "Adding a platform");
 * everything below derives from this list.
 */
export const PLATFORM_DESCRIPTORS = [bluesky, facebook, farcaster, instagram, linkedin, pinterest, threads, tiktok, twitter, youtube] as const;

type AnyDescriptor = (typeof PLATFORM_DESCRIPTORS)[number];

/** A platform's id: the values of `settings.platform` and of a connection's platform. */
export type Platform = AnyDescriptor['id'];

export type DescriptorOf<P extends Platform> = Extract<AnyDescriptor, { readonly id: P }>;

/** The `settings.values` of a target on platform P, derived from its settings schema. */
export type SettingsValuesOf<P extends Platform> = ValuesOf<DescriptorOf<P>['settings']>;

export const PLATFORMS: readonly Platform[] = Object.freeze(PLATFORM_DESCRIPTORS.map((d) => d.id));

const BY_ID: ReadonlyMap<string, AnyDescriptor> = new Map(PLATFORM_DESCRIPTORS.map((d) => [d.id, d]));

export const isPlatform = (value: unknown): value is Platform => typeof value === 'string' && BY_ID.has(value);

const BY_NAME: ReadonlyMap<string, Platform> = new Map(
  PLATFORM_DESCRIPTORS.flatMap((d) => [d.id, ...((d as PlatformDescriptor).aliases ?? [])].map((name) => [name.toUpperCase(), d.id] as const)),
);

/**
 * Every name a platform is known by where it is named freely (a query parameter, a
 * connection's body, the CLI, a CSV cell), upper case: each id, and each alias (`X`).
 */
export const PLATFORM_NAMES: readonly string[] = Object.freeze([...BY_NAME.keys()]);

/**
 * The platform a person means by `name` where it is named freely: its id or an alias (`X` for
 * TWITTER), in any case; null for none. `settings.platform`, the tag that says which shape a
 * target's settings have, takes the id exactly (TargetSettings).
 */
export const platformNamed = (name: string): Platform | null => BY_NAME.get(name.toUpperCase()) ?? null;

/** The names platformNamed takes, as a refusal or a document says them. */
export const ACCEPTED_PLATFORM_NAMES = `${PLATFORM_DESCRIPTORS.map((d) => {
  const aliases = (d as PlatformDescriptor).aliases ?? [];
  return aliases.length === 0 ? d.id : `${d.id} (or ${aliases.join(', ')})`;
}).join(', ')}, in any case`;

export const descriptorOf = <P extends Platform>(platform: P): DescriptorOf<P> => BY_ID.get(platform) as DescriptorOf<P>;

export const capabilitiesOf = (platform: Platform): PlatformCapabilities => descriptorOf(platform).capabilities;

/** What media the platform accepts (its descriptor's media rules). */
export const mediaRulesOf = (platform: Platform): MediaRules => descriptorOf(platform).media;

/** The platform's daily (or other) cap on new posts per account, or null when it has none. */
export const postBudgetOf = (platform: Platform): PostBudget | null => (descriptorOf(platform) as PlatformDescriptor).postBudget ?? null;
