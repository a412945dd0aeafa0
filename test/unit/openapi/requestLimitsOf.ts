import { ARRAY_MAX_SIZE, IS_IN, IS_LENGTH, MAX_LENGTH, MIN_LENGTH, ValidationTypes, getMetadataStorage } from 'class-validator';
import { OPENAPI_DOCUMENT } from '../../../adapters/inbound/http/openApiDocument';

/**
 * The limits a DTO class enforces and the limits an OpenAPI request schema states, read the
 * same way per property, so that a test can compare them. class-transformer keeps the
 * nested classes of `@Type(() => X)` in a storage its index does not export.
 */
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as typeof import('class-transformer/types/storage');

type Json = Record<string, unknown>;
export type DtoClass = abstract new (...args: never[]) => object;

export interface Limits {
  readonly maxLength?: number;
  readonly minLength?: number;
  readonly maxItems?: number;
  /** The allowed values, sorted, JSON null left out (it is the "nullable" part, not a value). */
  readonly enum?: readonly string[];
  /** The allowed values of each item of an array. */
  readonly itemEnum?: readonly string[];
  /** The object (or array-item object) schema the property refers to, by component name. */
  readonly nestedSchema?: string;
}

export interface DtoLimits extends Limits {
  readonly nestedClass?: DtoClass;
}

const sortedValues = (values: readonly unknown[]): string[] =>
  values
    .filter((value) => value !== null)
    .map(String)
    .sort();

// ---- The DTO side: class-validator's metadata. ----

export function dtoLimits(dto: DtoClass): Map<string, DtoLimits> {
  const byProperty = new Map<string, Record<string, unknown>>();
  for (const rule of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false)) {
    const limits = byProperty.get(rule.propertyName) ?? {};
    byProperty.set(rule.propertyName, limits);
    const [first, second] = (rule.constraints ?? []) as unknown[];
    if (rule.type === ValidationTypes.NESTED_VALIDATION) {
      limits.nestedClass = defaultMetadataStorage.findTypeMetadata(dto, rule.propertyName)?.typeFunction();
    }
    if (rule.name === MAX_LENGTH) limits.maxLength = first;
    if (rule.name === MIN_LENGTH) limits.minLength = first;
    if (rule.name === IS_LENGTH) Object.assign(limits, { minLength: first, maxLength: second });
    if (rule.name === ARRAY_MAX_SIZE) limits.maxItems = first;
    if (rule.name === IS_IN) limits[rule.each ? 'itemEnum' : 'enum'] = sortedValues(first as unknown[]);
  }
  return byProperty as Map<string, DtoLimits>;
}

// ---- The OpenAPI side: components.schemas of the served document. ----

const SCHEMAS = (OPENAPI_DOCUMENT as unknown as { components: { schemas: Json } }).components.schemas;

const refName = (schema: Json | undefined): string | undefined =>
  typeof schema?.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : undefined;

export function schemaNamed(name: string): Json {
  const schema = SCHEMAS[name] as Json | undefined;
  if (schema === undefined) throw new Error(`the OpenAPI document has no schema ${name}`);
  return schema;
}

const deref = (schema: Json): Json => {
  const name = refName(schema);
  return name === undefined ? schema : deref(schemaNamed(name));
};

const isObjectSchema = (schema: Json): boolean => schema.type === 'object' || Array.isArray(schema.oneOf);

function schemaLimits(raw: Json): Limits {
  // orNull(X): `anyOf: [X, {type: 'null'}]` states X's limits.
  const alternatives = (raw.anyOf as Json[] | undefined)?.filter((schema) => schema.type !== 'null');
  if (alternatives?.length === 1) return schemaLimits(alternatives[0]!);
  const schema = deref(raw);
  const items = schema.items === undefined ? undefined : deref(schema.items as Json);
  const values = schema.const !== undefined ? [schema.const] : (schema.enum as unknown[] | undefined);
  const nested = isObjectSchema(schema) ? refName(raw) : items && isObjectSchema(items) ? refName(schema.items as Json) : undefined;
  return {
    maxLength: schema.maxLength as number | undefined,
    minLength: schema.minLength as number | undefined,
    maxItems: schema.maxItems as number | undefined,
    enum: values && sortedValues(values),
    itemEnum: items?.enum === undefined ? undefined : sortedValues(items.enum as unknown[]),
    nestedSchema: nested,
  };
}

/**
 * Each property's limits in each variant of an object schema (a `oneOf` of objects, as the
 * review request is, has one entry per variant that declares the property).
 */
export function schemaLimitsByProperty(name: string): Map<string, Limits[]> {
  const schema = schemaNamed(name);
  const variants = Array.isArray(schema.oneOf) ? (schema.oneOf as Json[]).map(deref) : [schema];
  const byProperty = new Map<string, Limits[]>();
  for (const variant of variants) {
    for (const [property, propertySchema] of Object.entries((variant.properties ?? {}) as Record<string, Json>)) {
      byProperty.set(property, [...(byProperty.get(property) ?? []), schemaLimits(propertySchema)]);
    }
  }
  return byProperty;
}

/** The component names of every request body the document describes. */
export function requestBodySchemaNames(): string[] {
  const paths = (OPENAPI_DOCUMENT as unknown as { paths: Record<string, Record<string, Json>> }).paths;
  return Object.values(paths)
    .flatMap((item) => Object.values(item))
    .map((operation) => ((operation.requestBody as Json | undefined)?.content as Record<string, Json> | undefined)?.['application/json'])
    .map((media) => refName(media?.schema as Json | undefined))
    .filter((name): name is string => name !== undefined);
}
