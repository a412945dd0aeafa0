import { fieldProblem, upcastField } from '../platform/fieldRules';
import { PLATFORMS, type Platform, type SettingsValuesOf, descriptorOf, isPlatform, platformNamed } from '../platform/Platform';
import { type ErrorDetail } from '../shared/DomainError';

/**
 * One variant per platform; `platform` tells which shape `values` has. Each shape is
 * derived from the platform's settings schema (domain/platform/<platform>/).
 */
export type TargetSettings = { [P in Platform]: { readonly platform: P; readonly values: SettingsValuesOf<P> } }[Platform];

export type SettingsReading = { readonly ok: true; readonly settings: TargetSettings } | { readonly ok: false; readonly problems: readonly ErrorDetail[] };

export type StoredSettingsReading = { readonly ok: true; readonly settings: TargetSettings } | { readonly ok: false; readonly problem: string };

const ROOT = 'settings';

/**
 * Reads settings from untrusted input with the write rules. Problems carry paths rooted at
 * `settings` (`settings.values.privacy`) so a caller can put its own prefix (`targets[2].`)
 * in front. Every problem is reported, not only the first. Stored settings are read with
 * upcastStoredSettings below instead.
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
  else if (!isPlatform(platform)) add(`${ROOT}.platform`, platformProblem(platform));

  if (values === undefined) add(`${ROOT}.values`, 'is required');
  else if (!isPlainObject(values)) add(`${ROOT}.values`, 'must be an object');
  else if (isPlatform(platform)) problems.push(...checkValues(platform, values));

  if (problems.length > 0) return { ok: false, problems };
  // Only the schema's keys survive the checks above, so the copy is exactly the variant.
  return { ok: true, settings: settingsOf(platform as Platform, { ...(values as object) }) };
}

/**
 * `settings.platform` tags the shape of `values` (the OpenAPI discriminator), so it takes the id
 * exactly, unlike the places a platform is named freely; a name those would take says which id it is.
 */
function platformProblem(platform: unknown): string {
  const meant = typeof platform === 'string' ? platformNamed(platform) : null;
  const exactly = `must be one of ${PLATFORMS.join(', ')}, written exactly so`;
  return meant === null ? exactly : `${exactly}: ${meant} for ${JSON.stringify(platform)}`;
}

function checkValues(platform: Platform, values: Record<string, unknown>): ErrorDetail[] {
  const schema = descriptorOf(platform).settings;
  const problems: ErrorDetail[] = [];
  for (const key of Object.keys(values)) {
    if (!Object.hasOwn(schema, key)) problems.push({ path: `${ROOT}.values.${key}`, message: `is not allowed for ${platform}` });
  }
  for (const [key, rule] of Object.entries(schema)) {
    const message = fieldProblem(rule, values[key], Object.hasOwn(values, key));
    if (message) problems.push({ path: `${ROOT}.values.${key}`, message });
  }
  return problems;
}

/**
 * Reads settings written earlier, under whatever rules held then. The write rules may have
 * tightened since, and that must never make a stored post unreadable: unknown keys are
 * dropped, and a missing or no longer allowed value becomes the field's upcast default
 * (required fields) or absent (optional ones), so the result is always a variant today's
 * rules accept (docs/decisions.md, "Platforms"). Only what no rule ever allowed is a
 * problem: no object, or a platform the registry does not know (corrupt data).
 */
export function upcastStoredSettings(raw: unknown): StoredSettingsReading {
  if (!isPlainObject(raw)) return { ok: false, problem: 'settings are not an object' };
  const { platform, values } = raw;
  if (!isPlatform(platform)) {
    return { ok: false, problem: `settings.platform ${JSON.stringify(platform)} is none of ${PLATFORMS.join(', ')}` };
  }
  // A stored variant from before a platform had any settings may lack `values` altogether.
  const stored = values === undefined || values === null ? {} : values;
  if (!isPlainObject(stored)) return { ok: false, problem: 'settings.values is not an object' };

  const upcast: Record<string, unknown> = {};
  for (const [key, rule] of Object.entries(descriptorOf(platform).settings)) {
    const value = upcastField(rule, stored[key], Object.hasOwn(stored, key));
    if (value !== undefined) upcast[key] = value;
  }
  return { ok: true, settings: settingsOf(platform, upcast) };
}

/** Frozen settings from values already known to fit the platform's schema. */
function settingsOf(platform: Platform, values: Record<string, unknown>): TargetSettings {
  return Object.freeze({ platform, values: Object.freeze(values) }) as TargetSettings;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
