/**
 * The slice of OpenAPI 3.1 this service writes, typed loosely enough to stay readable.
 * Schemas are JSON Schema 2020-12 (OpenAPI 3.1's dialect).
 */
export type SchemaObject = { readonly [keyword: string]: unknown };

/** Named schemas, merged into `components.schemas`; refer to one with `schemaRef(name)`. */
export type SchemaMap = Readonly<Record<string, SchemaObject>>;

export type Reference = { readonly $ref: string };

export interface HeaderObject {
  readonly description: string;
  readonly required?: boolean;
  readonly schema: SchemaObject;
}

export interface MediaTypeObject {
  readonly schema: SchemaObject;
}

export interface ResponseObject {
  readonly description: string;
  readonly headers?: Readonly<Record<string, HeaderObject>>;
  readonly content?: Readonly<Record<string, MediaTypeObject>>;
}

export interface ParameterObject {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly description: string;
  readonly required: boolean;
  readonly schema: SchemaObject;
}

export interface RequestBodyObject {
  readonly description?: string;
  readonly required: boolean;
  readonly content: Readonly<Record<string, MediaTypeObject>>;
}

/** One security requirement: scheme name → the scopes (for bearer: roles/scopes, OpenAPI 3.1 §4.8.30). */
export type SecurityRequirement = Readonly<Record<string, readonly string[]>>;

export interface OperationObject {
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly security: readonly SecurityRequirement[];
  readonly parameters?: readonly (ParameterObject | Reference)[];
  readonly requestBody?: RequestBodyObject;
  readonly responses: Readonly<Record<string, ResponseObject | Reference>>;
}

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

export type PathItem = Partial<Record<HttpMethod, OperationObject>>;

/** Path templates (`/v1/things/{id}`) → their operations; one map per feature file. */
export type PathMap = Readonly<Record<string, PathItem>>;
