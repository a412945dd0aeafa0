import { type ErrorObject } from 'ajv';
import { type Violation } from './RequestChecker';

/** A violation before it is told which operation it belongs to. */
export type FieldRule = Omit<Violation, 'operation'>;

/** `body` + `/media/0/url` → `body.media[0].url`: the field as a test failure names it. */
export function fieldName(prefix: string, segments: readonly string[]): string {
  return segments.reduce((name, segment) => (/^\d+$/.test(segment) ? `${name}[${segment}]` : name ? `${name}.${segment}` : segment), prefix);
}

const segmentsOf = (instancePath: string): string[] =>
  instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

const allowedProperties = (parentSchema: unknown): string => {
  const properties = (parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? `; it allows ${Object.keys(properties).join(', ') || 'none'}` : '';
};

function fieldRule(error: ErrorObject, prefix: string): FieldRule {
  const at = segmentsOf(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return {
        field: fieldName(prefix, [...at, String(params.additionalProperty)]),
        rule: `not allowed: the schema takes no other properties (additionalProperties: false${allowedProperties(error.parentSchema)})`,
      };
    case 'required':
      return { field: fieldName(prefix, [...at, String(params.missingProperty)]), rule: 'required, and missing' };
    case 'enum':
      return { field: fieldName(prefix, at), rule: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    default:
      return { field: fieldName(prefix, at), rule: `${error.message ?? error.keyword} (${error.keyword})` };
  }
}

const under = (instancePath: string, parent: string) => instancePath === parent || instancePath.startsWith(`${parent}/`);

/** Which alternative of a failed `anyOf`/`oneOf` (at `schemaPath`) an error inside it came from. */
function alternativeOf(error: ErrorObject, schemaPath: string): string {
  if (error.schemaPath.startsWith(`${schemaPath}/`)) return `${schemaPath}/${error.schemaPath.slice(schemaPath.length + 1).split('/')[0]}`;
  return /^#\/components\/schemas\/[^/]+/.exec(error.schemaPath)?.[0] ?? error.schemaPath;
}

/**
 * ajv tells why each alternative of a failed `anyOf`/`oneOf` failed, just before the failure
 * itself; the alternative that came closest (fewest errors) is kept, the others dropped.
 */
function closestAlternatives(errors: readonly ErrorObject[]): ErrorObject[] {
  const kept = [...errors];
  for (let i = kept.length - 1; i >= 0; i -= 1) {
    const failure = kept[i]!;
    if (failure.keyword !== 'anyOf' && failure.keyword !== 'oneOf') continue;
    let start = i;
    while (start > 0 && under(kept[start - 1]!.instancePath, failure.instancePath)) start -= 1;
    const byAlternative = new Map<string, ErrorObject[]>();
    for (const error of kept.slice(start, i)) {
      const key = alternativeOf(error, failure.schemaPath);
      byAlternative.set(key, [...(byAlternative.get(key) ?? []), error]);
    }
    const closest = [...byAlternative.values()].sort((a, b) => a.length - b.length)[0] ?? [];
    kept.splice(start, i - start, ...closest);
    i = start;
  }
  return kept;
}

/**
 * ajv's errors as fields and rules, once each. An `if` error only says its `then` failed, whose
 * own errors follow it, so it is left out.
 */
export function fieldRulesOf(errors: readonly ErrorObject[], prefix: string): FieldRule[] {
  const rules = closestAlternatives(errors)
    .filter((e) => e.keyword !== 'if')
    .map((e) => fieldRule(e, prefix));
  return rules.filter((r, i) => rules.findIndex((o) => o.field === r.field && o.rule === r.rule) === i);
}
