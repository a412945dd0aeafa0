import { upcastField } from '../platform/fieldRules';
import { PLATFORMS, descriptorOf, isPlatform } from '../platform/Platform';
import { type TargetSettings, isPlainObject, settingsOf } from './TargetSettings';

export type StoredSettingsReading =
  | { readonly ok: true; readonly settings: TargetSettings }
  | { readonly ok: false; readonly problem: string };

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
