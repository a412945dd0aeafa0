import { type DiscoveryDocument, type DiscoveryMethod, type Finding } from './discoveryDocument';
import { valuesOf } from './discoveryParameters';

/** Top-level properties that are the resource's identity, not a part. */
const NOT_PARTS = new Set(['etag', 'kind']);

/** Properties a body may carry whatever `part` names (the resource's identity). */
const NOT_SET_BY_PART = new Set(['etag', 'kind', 'id']);

/**
 * The resource a method reads or writes: its request, else the items of its list response,
 * else its response (`Video` for videos.insert and videos.list, `SearchResult` for search.list).
 */
function resourceOf(document: DiscoveryDocument, method: DiscoveryMethod): string | null {
  if (method.request) return method.request.$ref;
  const response = method.response ? document.schemas?.[method.response.$ref] : undefined;
  return response?.properties?.items?.items?.$ref ?? method.response?.$ref ?? null;
}

/**
 * The names `part` may take. The document gives `part` no enum: its description says it lists
 * "resource properties", so the parts are the resource's top-level properties, less `etag` and
 * `kind` (`id`, `snippet`, `status`, `statistics`, `contentDetails` … for a video).
 */
export function partsOf(document: DiscoveryDocument, method: DiscoveryMethod): string[] {
  const resource = resourceOf(document, method);
  const properties = resource ? document.schemas?.[resource]?.properties : undefined;
  return Object.keys(properties ?? {}).filter((name) => !NOT_PARTS.has(name));
}

/**
 * `part`'s values are the resource's parts; and a write sets only the parts `part` names (its
 * description: it "identifies the properties that the write operation will set"), so a body
 * property left out of `part` would be dropped without a word: a violation.
 */
export function partFindings(document: DiscoveryDocument, method: DiscoveryMethod, query: URLSearchParams, body: unknown): Finding[] {
  const spec = method.parameters?.part;
  if (!spec) return [];
  const allowed = partsOf(document, method);
  const named = valuesOf(spec, query.getAll('part')).filter((part) => part !== '');
  const findings: Finding[] = named
    .filter((part) => allowed.length > 0 && !allowed.includes(part))
    .map((part) => ({ field: 'query.part', rule: `"${part}" is not a part of ${resourceOf(document, method)}: one of ${allowed.join(', ')}` }));
  if (body !== null && typeof body === 'object' && !Array.isArray(body) && method.request) {
    for (const property of Object.keys(body)) {
      if (!NOT_SET_BY_PART.has(property) && allowed.includes(property) && !named.includes(property)) {
        findings.push({ field: `body.${property}`, rule: `sent but not named in part (${named.join(',')}): ${method.id} would not set it` });
      }
    }
  }
  return findings;
}
