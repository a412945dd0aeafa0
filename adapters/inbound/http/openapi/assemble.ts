import { errorResponseComponents } from './errorResponses';
import { parameterComponents } from './parameters';
import { bearer, securitySchemes } from './security';
import { type HttpMethod, type PathItem, type PathMap, type SchemaMap } from './types';

export interface TagObject {
  readonly name: string;
  readonly description: string;
}

/** What a feature contributes: its tag, its named schemas and its paths. */
export interface ApiFragment {
  readonly tag?: TagObject;
  readonly schemas?: SchemaMap;
  readonly paths?: PathMap;
  /** OpenAPI 3.1's `webhooks`: requests the service sends (outgoing events), by name. */
  readonly webhooks?: Readonly<Record<string, PathItem>>;
}

/**
 * Merges path maps; one template may gather methods from several files, but a
 * method defined twice is a programming error, reported at start.
 */
export function mergePaths(maps: readonly PathMap[]): Record<string, PathItem> {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const map of maps) {
    for (const [template, item] of Object.entries(map)) {
      const target = merged[template] ?? {};
      merged[template] = target;
      for (const [method, operation] of Object.entries(item) as [HttpMethod, unknown][]) {
        if (target[method] !== undefined) throw new Error(`OpenAPI: ${method.toUpperCase()} ${template} is described twice`);
        target[method] = operation;
      }
    }
  }
  return merged as Record<string, PathItem>;
}

export function mergeSchemas(maps: readonly SchemaMap[]): SchemaMap {
  const merged: Record<string, SchemaMap[string]> = {};
  for (const map of maps) {
    for (const [name, schema] of Object.entries(map)) {
      if (merged[name] !== undefined) throw new Error(`OpenAPI: schema ${name} is described twice`);
      merged[name] = schema;
    }
  }
  return merged;
}

/** The whole document from its fragments, with the shared components every operation uses. */
export function assembleDocument(input: {
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly fragments: readonly ApiFragment[];
}) {
  return {
    openapi: '3.1.0',
    info: input.info,
    tags: input.fragments.flatMap((f) => (f.tag ? [f.tag] : [])),
    security: bearer(null),
    paths: mergePaths(input.fragments.flatMap((f) => (f.paths ? [f.paths] : []))),
    webhooks: Object.assign({}, ...input.fragments.map((f) => f.webhooks ?? {})) as Record<string, PathItem>,
    components: {
      securitySchemes,
      schemas: mergeSchemas(input.fragments.flatMap((f) => (f.schemas ? [f.schemas] : []))),
      parameters: parameterComponents,
      responses: errorResponseComponents,
    },
  };
}
