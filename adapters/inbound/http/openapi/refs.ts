import { type Reference } from './types';

/** `$ref`s into the assembled document's components. */
export const schemaRef = (name: string): Reference => ({ $ref: `#/components/schemas/${name}` });
export const responseRef = (name: string): Reference => ({ $ref: `#/components/responses/${name}` });
export const parameterRef = (name: string): Reference => ({ $ref: `#/components/parameters/${name}` });

/** A JSON body of the given schema. */
export const jsonContent = (schema: Reference | Readonly<Record<string, unknown>>) => ({
  'application/json': { schema },
});
