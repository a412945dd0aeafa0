import { descriptorOf, isPlatform, PLATFORM_DESCRIPTORS, type Platform } from '../../../../domain/platform/Platform';
import { type SettingsSchema } from '../../../../domain/platform/SettingsSchema';
import { settingsSchemaName } from '../../http/openapi/schemas/postSettings';
import { type ComponentRewrite, type Json } from './apiDocument';

/**
 * The value each required setting of a platform takes when a tool call leaves it out: the
 * default docs/decisions.md ("Platforms", "Upcast defaults") documents for it, the narrowest
 * audience where the field decides who sees the post (YouTube PRIVATE, TikTok SELF_ONLY…),
 * the platform's own default where it only decides who may reply. Optional settings stay absent.
 */
export function settingsDefaults(platform: Platform): Record<string, unknown> {
  const rules: SettingsSchema = descriptorOf(platform).settings;
  return Object.fromEntries(Object.entries(rules).flatMap(([name, rule]) => (rule.required ? [[name, rule.upcast]] : [])));
}

/**
 * A target's settings with what the call left out filled in: `values` and every required value
 * absent from it. Anything else (an unknown platform, values that are not an object) is left for
 * the API's own validation to refuse.
 */
export function withSettingsDefaults(settings: unknown): unknown {
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) return settings;
  const { platform, values } = settings as { platform?: unknown; values?: unknown };
  if (!isPlatform(platform)) return settings;
  if (values !== undefined && (typeof values !== 'object' || values === null || Array.isArray(values))) return settings;
  return { ...settings, values: { ...settingsDefaults(platform), ...(values as Json | undefined) } };
}

const VARIANTS = new Map(PLATFORM_DESCRIPTORS.map((d) => [settingsSchemaName(d), d.id as Platform]));

/**
 * The API's settings schemas as a tool takes them: `values` and each required value may be
 * left out, and the schema says what they default to (`default`, as JSON Schema spells it);
 * a target may leave out `settings` altogether (its connection's platform, with every default).
 */
export const settingsWithDefaults: ComponentRewrite = (name, schema) => {
  const platform = VARIANTS.get(name);
  if (platform !== undefined) return variantWithDefaults(platform, schema);
  if (name !== 'PostTargetRequest') return schema;
  const properties = schema.properties as Json;
  return {
    ...schema,
    required: (schema.required as string[]).filter((p) => p !== 'settings'),
    properties: {
      ...properties,
      settings: {
        ...(properties.settings as Json),
        description:
          "Optional here: absent, the target gets its connection's platform with every default below. " +
          'Required values left out take the defaults docs/decisions.md documents (the narrowest audience where the value decides who sees the post).',
      },
    },
  };
};

function variantWithDefaults(platform: Platform, schema: Json): Json {
  const defaults = settingsDefaults(platform);
  const properties = schema.properties as Json;
  const values = properties.values as Json;
  const fields = Object.fromEntries(
    Object.entries(values.properties as Json).map(([field, fieldSchema]) => [
      field,
      field in defaults ? { ...(fieldSchema as Json), default: defaults[field] } : fieldSchema,
    ]),
  );
  return {
    ...schema,
    required: ['platform'],
    properties: { ...properties, values: { ...values, required: [], properties: fields } },
  };
}
