import { schemaRef } from '../refs';
import { type SchemaObject } from '../types';

/** Limits and builders shared by the posts schemas (limits as in dto/PostBody.ts). */
// Limits of dto/PostBody.ts.
export const ID_MAX = 200;
export const TEXT_MAX = 100_000;
export const ALT_TEXT_MAX = 5_000;
export const COMMENT_MAX = 5_000;
export const MEDIA_MAX = 50;
export const SEGMENTS_MAX = 100;
export const GROUPS_MAX = 20;
export const TARGETS_MAX = 50;
/** postsBulkRoute.ts. */
export const BULK_MAX = 100;

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

/** A number as the service sends it: a finite JSON number, or one of SPEC.md's special strings. */
export const wireNumber = (description: string): SchemaObject => ({
  description,
  anyOf: [{ type: ['number', 'null'] }, specialNumberRef],
});

/**
 * A number a request may send: SPEC.md lets it be NaN, Infinity or -Infinity too, but where
 * the meaning needs a finite value ≥ 0 those (and negatives) get 422 (PRODUCT.md).
 */
export const requestNumber = (description: string): SchemaObject => ({
  description: `${description} The strings NaN, Infinity and -Infinity are read as numbers and then refused (422), as is a negative value.`,
  anyOf: [{ type: ['number', 'null'], minimum: 0 }, specialNumberRef],
});

// ---- Target settings: one variant per platform, built from the domain's rules. ----

