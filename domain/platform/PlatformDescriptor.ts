import { type MediaRules } from '../media/MediaRules';
import { type PlatformCapabilities } from './PlatformCapabilities';
import { type SettingsSchema, type WithValidUpcasts } from './SettingsSchema';

/**
 * Everything the domain knows about one platform, declared once in its own folder
 * (domain/platform/<platform>/) and listed in the registry (Platform.ts). The settings
 * checks, the OpenAPI settings schemas and the settings' TypeScript types derive from it.
 */
/** How an account of a platform is connected. */
export type ConnectsBy = 'oauth2' | 'app_password' | 'signer';

export interface PlatformDescriptor<Id extends string = string, S extends SettingsSchema = SettingsSchema> {
  /** The value of `settings.platform` and of a connection's platform, e.g. `BLUESKY`. */
  readonly id: Id;
  /** The platform's own spelling (`LinkedIn`, `TikTok`); names its OpenAPI settings schema. */
  readonly displayName: string;
  /** How an account of it is connected: the OAuth code flow, an app password (Bluesky), or a signer the account approves (Farcaster). */
  readonly connectsBy: ConnectsBy;
  /** Close to its own brand colour (`#rrggbb`): the accent of its sandbox pages, so a page says where it "went". */
  readonly brandColor: `#${string}`;
  /** Other names people call it (`X`), taken in any case wherever a platform is named freely (platformNamed). */
  readonly aliases?: readonly string[];
  readonly capabilities: PlatformCapabilities;
  /** The fields of a target's `settings.values` on this platform. */
  readonly settings: S;
  /** The media it accepts: kinds, types, sizes, durations, aspect ratios, counts. */
  readonly media: MediaRules;
  /** How many posts one account may publish through the API in a window (docs/platforms.md); none when absent. */
  readonly postBudget?: PostBudget;
}

/** A platform's cap on new posts per account: replies and comments have allowances of their own. */
export interface PostBudget {
  readonly posts: number;
  readonly windowHours: number;
}

/**
 * Declares a platform. The `const` type parameters keep every literal (ids, enum values),
 * as `as const` would, so the values type can be derived from the settings schema; an
 * `upcast` default its own field would refuse does not compile. The result is frozen.
 */
export function definePlatform<const Id extends string, const S extends SettingsSchema & WithValidUpcasts<S>>(
  descriptor: PlatformDescriptor<Id, S>,
): PlatformDescriptor<Id, S> {
  return deepFreeze(descriptor);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
