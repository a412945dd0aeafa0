import { isScope, type Scope } from '../../../../domain/credential/Scope';
import { type ComponentRewrite, followRef, inlined, type Json, operationNamed } from './apiDocument';

/** A tool's inputSchema: a closed JSON Schema object (MCP asks for `type: object` at its root). */
export interface ToolInputSchema {
  readonly [key: string]: unknown;
  readonly type: 'object';
  readonly properties: Readonly<Record<string, Json>>;
  readonly required: readonly string[];
}

/** What a tool takes from the API operation it calls: its scope, its description, its arguments. */
export interface OperationShape {
  readonly operationId: string;
  /** The scope the operation's security requirement names; null: any valid credential. */
  readonly scope: Scope | null;
  readonly description: string;
  readonly inputSchema: ToolInputSchema;
}

export interface OperationShapeOptions {
  /** Arguments named otherwise than the API's parameters (`id` → `postId`, `If-Match` → `ifMatch`). */
  readonly rename?: Readonly<Record<string, string>>;
  /** Rewrites a component of the body's schema as it is inlined (the settings' defaults). */
  readonly rewrite?: ComponentRewrite;
  /** Arguments of the tool's own, beyond the operation's. */
  readonly extra?: Readonly<Record<string, Json>>;
}

/** Headers the tools never take: an MCP call has no Idempotency-Key to replay. */
const SKIPPED_HEADERS = new Set(['Idempotency-Key']);

const BOUND_WORKSPACE = ' Optional with an OAuth token or an API key: it defaults to the workspace the credential is bound to.';

/**
 * A tool's shape derived from the API operation it calls (docs/agents.md): the same parameters
 * and request body as the OpenAPI document describes them, flattened into one object of
 * arguments, with `$ref`s inlined. Query parameters the API reads as digit strings or as
 * `true`/`false` are taken as JSON integers and booleans.
 */
export function operationShape(operationId: string, options: OperationShapeOptions = {}): OperationShape {
  const operation = operationNamed(operationId);
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  for (const parameter of ((operation.parameters ?? []) as Json[]).map(followRef)) {
    const name = parameter.name as string;
    if (parameter.in === 'header' && SKIPPED_HEADERS.has(name)) continue;
    const argument = options.rename?.[name] ?? name;
    const isWorkspace = name === 'workspaceId';
    const description = `${String(parameter.description ?? '')}${isWorkspace ? BOUND_WORKSPACE : ''}`.trim();
    properties[argument] = { ...argumentSchema(parameter.schema as Json), ...(description ? { description } : {}) };
    if (parameter.in === 'path' && !isWorkspace) required.push(argument);
  }
  const body = bodySchema(operation, options.rewrite);
  if (body !== null) {
    Object.assign(properties, body.properties);
    required.push(...body.required);
  }
  Object.assign(properties, options.extra ?? {});
  const scopes = ((operation.security as Json[] | undefined)?.[0]?.bearer ?? []) as string[];
  const scope = scopes.find(isScope) ?? null;
  return {
    operationId,
    scope,
    description: String(operation.description ?? operation.summary ?? ''),
    inputSchema: { type: 'object', properties, required, additionalProperties: false },
  };
}

/** A query parameter's schema as a tool takes it: JSON integers for digit strings, booleans for `true`/`false`. */
function argumentSchema(schema: Json): Json {
  if (schema.type === 'string' && schema.pattern === '^[0-9]+$') return { type: 'integer', minimum: 0 };
  const values = schema.enum as unknown[] | undefined;
  if (schema.type === 'string' && values?.length === 2 && values.includes('true') && values.includes('false')) return { type: 'boolean' };
  return { ...schema };
}

/** The JSON body's properties; a body that is one of several objects (the review) takes them all, merged. */
function bodySchema(operation: Json, rewrite?: ComponentRewrite): { properties: Record<string, Json>; required: string[] } | null {
  const content = ((operation.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as Json | undefined;
  if (content === undefined) return null;
  const schema = inlined(content.schema, rewrite) as Json;
  const variants = Array.isArray(schema.oneOf) ? (schema.oneOf as Json[]) : [schema];
  const properties: Record<string, Json> = {};
  const names = [...new Set(variants.flatMap((variant) => Object.keys((variant.properties ?? {}) as Json)))];
  for (const name of names) properties[name] = merged(variants.map((variant) => (variant.properties as Json)[name] as Json | undefined));
  const required = names.filter((name) => variants.every((variant) => ((variant.required ?? []) as string[]).includes(name)));
  // The property that tells the variants apart (a `const` in each) says what each variant means.
  const discriminator = names.find((name) => variants.every((variant) => 'const' in (((variant.properties as Json)[name] ?? {}) as Json)));
  if (variants.length > 1 && discriminator !== undefined) {
    const meanings = variants.map((variant) => `${String(((variant.properties as Json)[discriminator] as Json).const)}: ${String(variant.description ?? '')}`);
    properties[discriminator] = { ...properties[discriminator], description: [schema.description, ...meanings].filter(Boolean).join(' ') };
  }
  return { properties, required };
}

/** One property across the body's variants: their constants as an enum, or any of their schemas. */
function merged(schemas: readonly (Json | undefined)[]): Json {
  const present = schemas.filter((s): s is Json => s !== undefined);
  const distinct = [...new Map(present.map((s) => [JSON.stringify(s), s])).values()];
  if (distinct.length === 1) return distinct[0]!;
  if (distinct.every((s) => 'const' in s)) return { type: distinct[0]!.type, enum: distinct.map((s) => s.const) };
  return { anyOf: distinct };
}
