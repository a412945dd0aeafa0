import { OPENAPI_DOCUMENT } from '../../http/openApiDocument';

/** A JSON Schema (or any JSON object) as this module handles it. */
export type Json = Record<string, unknown>;

const DOCUMENT = OPENAPI_DOCUMENT as unknown as Json;
const SCHEMAS = (DOCUMENT.components as Json).schemas as Record<string, Json>;
const SCHEMA_REF = '#/components/schemas/';

/** Rewrites a component schema as it is inlined, by its name (settings defaults); the same schema when it has nothing to say. */
export type ComponentRewrite = (name: string, schema: Json) => Json;

/** Follows a local `$ref` (`#/components/parameters/…`) to the object it names, once. */
export function followRef(value: Json): Json {
  const ref = value.$ref;
  if (typeof ref !== 'string') return value;
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, part) => (node as Json | undefined)?.[part], DOCUMENT);
  if (target === undefined) throw new Error(`the OpenAPI document has no ${ref}`);
  return followRef(target as Json);
}

/**
 * A schema of the API's OpenAPI document with every `$ref` to a component inlined, so that a
 * tool's client needs no document to read it (docs/agents.md). The components have no cycles.
 */
export function inlined(schema: unknown, rewrite: ComponentRewrite = (_name, s) => s): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlined(item, rewrite));
  if (typeof schema !== 'object' || schema === null) return schema;
  const { $ref, ...siblings } = schema as Json;
  if (typeof $ref === 'string' && $ref.startsWith(SCHEMA_REF)) {
    const name = $ref.slice(SCHEMA_REF.length);
    const component = SCHEMAS[name];
    if (component === undefined) throw new Error(`the OpenAPI document has no schema ${name}`);
    return { ...rewrite(name, inlined(component, rewrite) as Json), ...(inlined(siblings, rewrite) as Json) };
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlined(value, rewrite)]));
}

/** A component schema of the API, inlined. */
export const componentSchema = (name: string, rewrite?: ComponentRewrite): Json => inlined({ $ref: `${SCHEMA_REF}${name}` }, rewrite) as Json;

/** An operation of the API's document, by its operationId. */
export function operationNamed(operationId: string): Json {
  for (const item of Object.values(DOCUMENT.paths as Record<string, Json>)) {
    for (const operation of Object.values(item)) {
      if ((operation as Json).operationId === operationId) return operation as Json;
    }
  }
  throw new Error(`the OpenAPI document has no operation ${operationId}`);
}
