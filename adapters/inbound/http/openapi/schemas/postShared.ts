import { ID_MAX } from '../../contract/requestLimits';
import { schemaRef } from '../refs';
import { type SchemaObject } from '../types';

/** Builders shared by the posts schemas; their limits come from contract/requestLimits.ts, as the DTOs' do. */

/** The same schema as a string enum that also accepts JSON null (`enum` must list null too). */
export const nullableEnum = (values: readonly string[], description?: string): SchemaObject => ({
  type: ['string', 'null'],
  enum: [...values, null],
  ...(description === undefined ? {} : { description }),
});

/** Either this schema or JSON null, for a schema given by reference. */
export const orNull = (schema: SchemaObject, description?: string): SchemaObject => ({
  ...(description === undefined ? {} : { description }),
  anyOf: [schema, { type: 'null' }],
});

export const requestId = (description?: string): SchemaObject => ({
  type: 'string',
  minLength: 1,
  maxLength: ID_MAX,
  ...(description === undefined ? {} : { description }),
});

export const specialNumberRef = schemaRef('SpecialNumber');

/** A number as the service sends it: a finite JSON number, or one of docs/spec.md's special strings. */
export const wireNumber = (description: string): SchemaObject => ({
  description,
  anyOf: [{ type: ['number', 'null'] }, specialNumberRef],
});

/**
 * A number a request may send: docs/spec.md lets it be NaN, Infinity or -Infinity too, but where
 * the meaning needs a finite value ≥ 0 those (and negatives) get 422 (docs/product.md).
 */
export const requestNumber = (description: string): SchemaObject => ({
  description: `${description} The strings NaN, Infinity and -Infinity are read as numbers and then refused (422), as is a negative value.`,
  anyOf: [{ type: ['number', 'null'], minimum: 0 }, specialNumberRef],
});

// ---- Target settings: one variant per platform, built from the domain's rules. ----
