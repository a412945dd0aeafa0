import { type ErrorDetail } from '../shared/DomainError';
import { PLATFORMS, type Platform, isPlatform } from '../platform/Platform';
import {
  type FACEBOOK_PRIVACY,
  type FieldRule,
  type INSTAGRAM_GRADUATION,
  type LINKEDIN_VISIBILITY,
  type REPLY_AUDIENCE,
  SETTINGS_SCHEMA,
  type TIKTOK_PRIVACY,
  type TIKTOK_PROMOTION,
  type YOUTUBE_PRIVACY,
} from './TargetSettingsSchema';

type OneOf<T extends readonly string[]> = T[number];

export interface BlueskyValues { readonly replyDisabled?: boolean | null }
export interface FacebookValues { readonly privacy: OneOf<typeof FACEBOOK_PRIVACY> }
export interface FarcasterValues { readonly channelId?: string | null }
export interface InstagramValues {
  readonly shareToFeed: boolean;
  readonly shareToStory: boolean;
  readonly trialReels: boolean;
  readonly graduationStrategy: OneOf<typeof INSTAGRAM_GRADUATION>;
}
export interface LinkedInValues { readonly visibility: OneOf<typeof LINKEDIN_VISIBILITY> }
export interface PinterestValues { readonly boardId?: string | null }
export interface ThreadsValues { readonly replyControl: OneOf<typeof REPLY_AUDIENCE> }
export interface TikTokValues {
  readonly privacy: OneOf<typeof TIKTOK_PRIVACY>;
  readonly allowComments: boolean;
  readonly allowDuet: boolean;
  readonly allowStitch: boolean;
  readonly promotionContent: OneOf<typeof TIKTOK_PROMOTION>;
}
export interface TwitterValues { readonly replyRestriction: OneOf<typeof REPLY_AUDIENCE> }
export interface YouTubeValues {
  readonly privacy: OneOf<typeof YOUTUBE_PRIVACY>;
  readonly madeForKids: boolean;
  readonly ageRestriction?: boolean | null;
}

interface ValuesOf {
  BLUESKY: BlueskyValues;
  FACEBOOK: FacebookValues;
  FARCASTER: FarcasterValues;
  INSTAGRAM: InstagramValues;
  LINKEDIN: LinkedInValues;
  PINTEREST: PinterestValues;
  THREADS: ThreadsValues;
  TIKTOK: TikTokValues;
  TWITTER: TwitterValues;
  YOUTUBE: YouTubeValues;
}

/** One variant per platform; `platform` tells which shape `values` has. */
export type TargetSettings = { [P in Platform]: { readonly platform: P; readonly values: ValuesOf[P] } }[Platform];

export type SettingsReading =
  | { readonly ok: true; readonly settings: TargetSettings }
  | { readonly ok: false; readonly problems: readonly ErrorDetail[] };

const ROOT = 'settings';

/**
 * Reads settings from untrusted input. Problems carry paths rooted at `settings`
 * (`settings.values.privacy`) so a caller can put its own prefix (`targets[2].`) in front.
 * Every problem is reported, not only the first.
 */
export function readTargetSettings(raw: unknown): SettingsReading {
  const problems: ErrorDetail[] = [];
  const add = (path: string, message: string) => problems.push({ path, message });
  if (!isPlainObject(raw)) return { ok: false, problems: [{ path: ROOT, message: 'must be an object' }] };

  for (const key of Object.keys(raw)) {
    if (key !== 'platform' && key !== 'values') add(`${ROOT}.${key}`, 'is not allowed');
  }
  const { platform, values } = raw;
  if (platform === undefined) add(`${ROOT}.platform`, 'is required');
  else if (!isPlatform(platform)) add(`${ROOT}.platform`, `must be one of ${PLATFORMS.join(', ')}`);

  if (values === undefined) add(`${ROOT}.values`, 'is required');
  else if (!isPlainObject(values)) add(`${ROOT}.values`, 'must be an object');
  else if (isPlatform(platform)) problems.push(...checkValues(platform, values));

  if (problems.length > 0) return { ok: false, problems };
  // Only the schema's keys survive the checks above, so the copy is exactly the variant.
  return { ok: true, settings: Object.freeze({ platform, values: Object.freeze({ ...(values as object) }) }) as TargetSettings };
}

function checkValues(platform: Platform, values: Record<string, unknown>): ErrorDetail[] {
  const schema = SETTINGS_SCHEMA[platform];
  const problems: ErrorDetail[] = [];
  for (const key of Object.keys(values)) {
    if (!Object.hasOwn(schema, key)) problems.push({ path: `${ROOT}.values.${key}`, message: `is not allowed for ${platform}` });
  }
  for (const [key, rule] of Object.entries(schema)) {
    const message = checkField(rule, values[key], Object.hasOwn(values, key));
    if (message) problems.push({ path: `${ROOT}.values.${key}`, message });
  }
  return problems;
}

function checkField(rule: FieldRule, value: unknown, present: boolean): string | undefined {
  if (!present || value === undefined) return rule.required ? 'is required' : undefined;
  if (value === null) return rule.nullable ? undefined : 'must not be null';
  const orNull = rule.nullable ? ' or null' : '';
  switch (rule.type) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `must be a boolean${orNull}`;
    case 'string':
      return typeof value === 'string' ? undefined : `must be a string${orNull}`;
    case 'enum':
      return typeof value === 'string' && rule.values.includes(value)
        ? undefined
        : `must be one of ${rule.values.join(', ')}${orNull}`;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
