import fs from 'node:fs';
import { load as loadYaml } from 'js-yaml';

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An OpenAPI document from a `.json`, `.yaml` or `.yml` file, as published. */
export function readOpenApiFile(file: string): JsonObject {
  const text = fs.readFileSync(file, 'utf8');
  const document = /\.ya?ml$/i.test(file) ? loadYaml(text) : JSON.parse(text);
  if (!isObject(document) || typeof document.openapi !== 'string' || !document.openapi.startsWith('3.0.')) {
    throw new Error(`${file} is not an OpenAPI 3.0 document`);
  }
  return document;
}

/**
 * Rewrites, in place, what OpenAPI 3.0 means by its schema keywords into what ajv (JSON Schema
 * draft-07) validates, so that a check is neither looser nor stricter than the description:
 * - a Reference Object's siblings are ignored (OpenAPI 3.0: "SHALL be ignored"), so removed;
 * - `nullable: true` adds null to the schema's `type`. Since 3.0.3 it has no effect without a
 *   `type` beside it, and `enum` still applies; 3.0.0 to 3.0.2 said only "allows a null value",
 *   so there null is allowed whatever else the schema says;
 * - boolean `exclusiveMinimum`/`exclusiveMaximum` (draft 4) become draft-07's numbers;
 * - `additionalProperties: false` beside `anyOf`/`oneOf`/`allOf` but no `properties` of its own
 *   would forbid every property, so no object could satisfy it (Neynar's cast embeds); it is read
 *   as the description evidently means it: no property outside those of the alternatives;
 * - a `discriminator` with a `mapping` on a schema without `oneOf`/`anyOf` (Pinterest's token
 *   request and answer) applies the mapped schema to the value that names it.
 * Returns the formats the schemas use, so none is left to ajv's "unknown format" handling.
 */
export function normaliseSchemas(document: JsonObject): Set<string> {
  const nullMeansAnything = /^3\.0\.[0-2]$/.test(String(document.openapi));
  const formats = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    const o = node as JsonObject;
    if (typeof o.$ref === 'string') {
      for (const key of Object.keys(o)) if (key !== '$ref') delete o[key];
      return;
    }
    for (const child of Object.values(o)) visit(child);
    if (typeof o.format === 'string') formats.add(o.format);
    closeOverAlternatives(o, document);
    exclusiveBoundsAsNumbers(o);
    if (typeof o.nullable === 'boolean') nullableAsJsonSchema(o, nullMeansAnything);
  };
  visit(document);
  applyDiscriminatorMappings(document);
  return formats;
}

function exclusiveBoundsAsNumbers(schema: JsonObject): void {
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof schema[exclusive] !== 'boolean') continue;
    if (schema[exclusive] === true && typeof schema[bound] === 'number') {
      schema[exclusive] = schema[bound];
      delete schema[bound];
    } else delete schema[exclusive];
  }
}

function nullableAsJsonSchema(schema: JsonObject, nullMeansAnything: boolean): void {
  const nullable = schema.nullable === true;
  delete schema.nullable;
  if (!nullable) return;
  if (!nullMeansAnything) {
    // ajv adds null to `type` itself when it sees `nullable` beside a `type`.
    if (schema.type !== undefined) schema.nullable = true;
    return;
  }
  const rest = { ...schema };
  for (const key of Object.keys(schema)) delete schema[key];
  schema.anyOf = [rest, { type: 'null' }];
}

function closeOverAlternatives(schema: JsonObject, document: JsonObject): void {
  if (schema.additionalProperties !== false || schema.properties !== undefined || schema.patternProperties !== undefined) return;
  const alternatives = [schema.anyOf, schema.oneOf, schema.allOf].flatMap((list) => (Array.isArray(list) ? list : []));
  if (alternatives.length === 0) return;
  const resolve = (node: unknown): unknown =>
    isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#/')
      ? node.$ref
          .slice(2)
          .split('/')
          .reduce<unknown>((at, part) => (isObject(at) ? at[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), document)
      : node;
  const names = alternatives.flatMap((alternative) => {
    const resolved = resolve(alternative);
    return isObject(resolved) && isObject(resolved.properties) ? Object.keys(resolved.properties) : [];
  });
  schema.properties = Object.fromEntries(names.map((name) => [name, {}]));
}

function applyDiscriminatorMappings(document: JsonObject): void {
  const schemas = isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isObject(schema) || schema.oneOf !== undefined || schema.anyOf !== undefined) continue;
    const discriminator = schema.discriminator;
    if (!isObject(discriminator) || typeof discriminator.propertyName !== 'string' || !isObject(discriminator.mapping)) continue;
    const property = discriminator.propertyName;
    const self = `#/components/schemas/${name}`;
    const branches = Object.entries(discriminator.mapping)
      .filter(([, ref]) => typeof ref === 'string' && ref !== self && isObject(schemas[ref.replace('#/components/schemas/', '')]))
      // A mapped schema that extends this one (allOf: [$ref this]) would loop: it is checked through its own allOf.
      .filter(([, ref]) => !JSON.stringify(schemas[String(ref).replace('#/components/schemas/', '')]).includes(`"${self}"`))
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keywords, not a thenable.
      .map(([value, ref]) => ({ if: { properties: { [property]: { const: value } }, required: [property] }, then: { $ref: ref } }));
    if (branches.length > 0) schema.allOf = [...(Array.isArray(schema.allOf) ? schema.allOf : []), ...branches];
  }
}
