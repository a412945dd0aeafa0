import { type FieldRule } from './SettingsSchema';

/**
 * The write rule of one field: why `value` breaks it, or undefined when it keeps it.
 * `present` tells an absent key from one set to undefined (both count as absent).
 */
export function fieldProblem(rule: FieldRule, value: unknown, present: boolean): string | undefined {
  if (!present || value === undefined) return rule.required ? 'is required' : undefined;
  if (value === null) return rule.nullable ? undefined : 'must not be null';
  const orNull = rule.nullable ? ' or null' : '';
  switch (rule.type) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `must be a boolean${orNull}`;
    case 'string':
      return typeof value === 'string' ? undefined : `must be a string${orNull}`;
    case 'enum':
      return typeof value === 'string' && (rule.values as readonly string[]).includes(value) ? undefined : `must be one of ${rule.values.join(', ')}${orNull}`;
  }
}

/**
 * The read rule of one stored field: a value that keeps today's write rule is kept;
 * anything else (absent, null where null is no longer allowed, a renamed enum value) becomes
 * the field's upcast default when it is required, and absent when it is optional.
 * Undefined means "absent". Never a value the write rule refuses, so what a read returns
 * always validates against the OpenAPI document.
 */
export function upcastField(rule: FieldRule, value: unknown, present: boolean): unknown {
  if (fieldProblem(rule, value, present) === undefined) return present ? value : undefined;
  return rule.required ? rule.upcast : undefined;
}
