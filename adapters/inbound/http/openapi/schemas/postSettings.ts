import { PLATFORMS, type Platform } from '../../../../../domain/platform/Platform';
import { type FieldRule, SETTINGS_SCHEMA } from '../../../../../domain/post/TargetSettingsSchema';
import { schemaRef } from '../refs';
import { type SchemaMap, type SchemaObject } from '../types';
import { closedObject, nullable } from './building';
import { nullableEnum } from './postShared';

/** Target settings: one closed variant per platform, generated from the domain's SETTINGS_SCHEMA. */
export const SETTINGS_NAMES: Readonly<Record<Platform, string>> = {
  BLUESKY: 'BlueskySettings',
  FACEBOOK: 'FacebookSettings',
  FARCASTER: 'FarcasterSettings',
  INSTAGRAM: 'InstagramSettings',
  LINKEDIN: 'LinkedInSettings',
  PINTEREST: 'PinterestSettings',
  THREADS: 'ThreadsSettings',
  TIKTOK: 'TikTokSettings',
  TWITTER: 'TwitterSettings',
  YOUTUBE: 'YouTubeSettings',
};

export function fieldSchema(rule: FieldRule): SchemaObject {
  const base: SchemaObject = rule.type === 'enum' ? { type: 'string', enum: [...rule.values] } : { type: rule.type };
  if (!rule.nullable) return base;
  return rule.type === 'enum' ? nullableEnum(rule.values) : nullable(base);
}

export function settingsVariant(platform: Platform): SchemaObject {
  const rules = SETTINGS_SCHEMA[platform];
  const optional = Object.entries(rules).filter(([, rule]) => !rule.required).map(([name]) => name);
  return closedObject({
    description: `Settings of a ${platform} target.`,
    properties: {
      platform: { type: 'string', const: platform },
      values: closedObject({
        properties: Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, fieldSchema(rule)])),
        optional,
      }),
    },
  });
}

export const postSettingsSchemas: SchemaMap = {
  ...Object.fromEntries(PLATFORMS.map((platform) => [SETTINGS_NAMES[platform], settingsVariant(platform)])),
  TargetSettings: {
    description:
      'Platform-specific settings of a target: `platform` tells which shape `values` has. ' +
      'Unknown keys, missing required values and values outside their enums are refused (422 invalid_post, or invalid_target on a target update), and ' +
      'the platform must be that of the target\'s connection.',
    oneOf: PLATFORMS.map((platform) => schemaRef(SETTINGS_NAMES[platform])),
  },
};

// ---- Responses (presenters/presentPost.ts). ----
