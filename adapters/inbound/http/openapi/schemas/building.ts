import { type SchemaObject } from '../types';

/**
 * Schema builders that keep the contract's rules in one place: every object is closed
 * (additionalProperties false, docs/spec.md "General rules"), null is spelled as a union type.
 */
export function closedObject(spec: {
  readonly description?: string;
  readonly properties: Readonly<Record<string, SchemaObject>>;
  /** Properties that may be absent; all others are required. */
  readonly optional?: readonly string[];
}): SchemaObject {
  const optional = new Set(spec.optional ?? []);
  return {
    type: 'object',
    ...(spec.description === undefined ? {} : { description: spec.description }),
    additionalProperties: false,
    required: Object.keys(spec.properties).filter((name) => !optional.has(name)),
    properties: spec.properties,
  };
}

/** The same schema, also accepting JSON null: `type: ['string', 'null']`. */
export function nullable(schema: SchemaObject): SchemaObject {
  const type = schema.type;
  if (typeof type !== 'string') throw new Error('nullable() needs a schema with a single type');
  return { ...schema, type: [type, 'null'] };
}

/** RFC 3339 in UTC with milliseconds on output (docs/product.md, "Formats and limits"). */
export const timestamp: SchemaObject = {
  type: 'string',
  format: 'date-time',
  description: 'RFC 3339 timestamp in UTC with milliseconds, e.g. 2025-01-31T09:30:00.000Z.',
};

export const id: SchemaObject = { type: 'string', minLength: 1, description: 'Time-ordered, URL-safe id (ULID).' };

export const arrayOf = (items: SchemaObject, description?: string): SchemaObject => ({
  type: 'array',
  ...(description === undefined ? {} : { description }),
  items,
});
