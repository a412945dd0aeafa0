import { type FieldRule } from '../../../../../domain/platform/SettingsSchema';
import { PLATFORM_DESCRIPTORS, type Platform, descriptorOf } from '../../../../../domain/platform/Platform';
import { type PlatformDescriptor } from '../../../../../domain/platform/PlatformDescriptor';
import { schemaRef } from '../refs';
import { type SchemaMap, type SchemaObject } from '../types';
import { closedObject, nullable } from './building';
import { nullableEnum } from './postShared';

/**
 * Target settings: one closed variant per platform, generated from the platform's
 * descriptor (domain/platform/<platform>/), so a new platform needs no line here.
 */

/** `LinkedIn` → `LinkedInSettings`: the component name of a platform's variant. */
export const settingsSchemaName = (descriptor: Pick<PlatformDescriptor, 'displayName'>): string =>
  `${descriptor.displayName.replace(/[^A-Za-z0-9]/g, '')}Settings`;

export function fieldSchema(rule: FieldRule): SchemaObject {
  const base: SchemaObject = rule.type === 'enum' ? { type: 'string', enum: [...rule.values] } : { type: rule.type };
  if (!rule.nullable) return base;
  return rule.type === 'enum' ? nullableEnum(rule.values) : nullable(base);
}

export function settingsVariant(platform: Platform): SchemaObject {
  const rules: Readonly<Record<string, FieldRule>> = descriptorOf(platform).settings;
  const optional = Object.entries(rules)
    .filter(([, rule]) => !rule.required)
    .map(([name]) => name);
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
  ...Object.fromEntries(PLATFORM_DESCRIPTORS.map((d) => [settingsSchemaName(d), settingsVariant(d.id)])),
  TargetSettings: {
    description:
      'Platform-specific settings of a target: `platform` tells which shape `values` has. ' +
      'Unknown keys, missing required values and values outside their enums are refused (422 invalid_post, or invalid_target on a target update), and ' +
      "the platform must be that of the target's connection.",
    oneOf: PLATFORM_DESCRIPTORS.map((d) => schemaRef(settingsSchemaName(d))),
  },
};
