import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type Koa from 'koa';
import supertest, { type Test } from 'supertest';
import { OPENAPI_DOCUMENT } from '../../adapters/inbound/http/openApiDocument';

/**
 * Checks HTTP responses against the served OpenAPI document: the status must be
 * documented for the operation, the required headers present and well-formed, and the
 * JSON body valid. `api(app)` runs the check on every response a test receives.
 */

type Json = Record<string, unknown>;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

const DOCUMENT = OPENAPI_DOCUMENT as unknown as Json;
/** Base URI under which the document's component schemas are registered with ajv. */
const SCHEMAS_ID = 'urn:dispatch:openapi';

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
addFormats(ajv);
ajv.addVocabulary(['example', 'xml', 'externalDocs']); // OpenAPI 3.1's additions to JSON Schema
ajv.addSchema({ $id: SCHEMAS_ID, $defs: withAbsoluteRefs(componentsOf('schemas')) });

const validators = new WeakMap<object, ValidateFunction>();

/** `#/components/schemas/X` → the same schema as registered with ajv. */
function withAbsoluteRefs<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (key, inner: unknown) =>
    key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/schemas/')
      ? `${SCHEMAS_ID}#/$defs/${inner.slice('#/components/schemas/'.length)}`
      : inner,
  ) as T;
}

function componentsOf(kind: string): Json {
  return ((DOCUMENT.components as Json | undefined)?.[kind] ?? {}) as Json;
}

function validatorFor(schema: object): ValidateFunction {
  let validate = validators.get(schema);
  if (validate === undefined) {
    validate = ajv.compile(withAbsoluteRefs(schema));
    validators.set(schema, validate);
  }
  return validate;
}

/** Follows a local `$ref` (`#/components/...`) to the object it names. */
function resolve(value: unknown): Json {
  const ref = (value as Json).$ref;
  if (typeof ref !== 'string') return value as Json;
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, part) => (node as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], DOCUMENT);
  if (target === undefined) throw new Error(`OpenAPI document: unresolvable $ref ${ref}`);
  return resolve(target);
}

interface Route {
  readonly template: string;
  readonly pattern: RegExp;
  readonly literalSegments: number;
  readonly item: Json;
}

/** Literal segments win over parameters (/posts/bulk before /posts/{id}). */
const ROUTES: readonly Route[] = Object.entries(DOCUMENT.paths as Json)
  .map(([template, item]) => ({
    template,
    pattern: new RegExp(
      `^${template
        .split(/\{[^}/]+\}/)
        .map(escapeRegExp)
        .join('[^/]+')}$`,
    ),
    literalSegments: template.split('/').filter((segment) => segment !== '' && !segment.startsWith('{')).length,
    item: item as Json,
  }))
  .sort((a, b) => b.literalSegments - a.literalSegments);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function pathOf(url: string): string {
  const path = /^[a-z]+:\/\//i.test(url) ? new URL(url).pathname : url;
  return path.replace(/[?#].*$/, '');
}

function ajvProblems(errors: readonly ErrorObject[] | null | undefined, where: string): string[] {
  return (errors ?? []).map((error) => {
    const extra =
      error.keyword === 'additionalProperties'
        ? ` (${JSON.stringify((error.params as { additionalProperty: string }).additionalProperty)})`
        : error.keyword === 'enum'
          ? ` (${JSON.stringify((error.params as { allowedValues: unknown }).allowedValues)})`
          : '';
    return `${where}${error.instancePath || ''} ${error.message ?? error.keyword}${extra}`;
  });
}

function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return Object.entries(headers).find(([key]) => key.toLowerCase() === wanted)?.[1];
}

function headerProblems(response: Json, headers: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const [name, documented] of Object.entries((response.headers ?? {}) as Json)) {
    if (name.toLowerCase() === 'content-type') continue; // OpenAPI ignores it here
    const header = resolve(documented);
    const raw = headerValue(headers, name);
    if (raw === undefined) {
      if (header.required === true) problems.push(`header ${name} is required but absent`);
      continue;
    }
    const schema = header.schema as Json | undefined;
    if (schema === undefined) continue;
    const numeric = schema.type === 'integer' || schema.type === 'number';
    const value = numeric && /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
    const validate = validatorFor(schema);
    if (!validate(value)) problems.push(...ajvProblems(validate.errors, `header ${name}=${JSON.stringify(raw)}`));
  }
  return problems;
}

const isJsonMediaType = (type: string): boolean => /^application\/([\w.+-]+\+)?json\b/i.test(type.trim());

function bodyProblems(response: Json, headers: Record<string, string>, body: unknown): string[] {
  const contentType = headerValue(headers, 'content-type') ?? '';
  const content = (response.content ?? {}) as Json;
  const jsonMediaType = Object.keys(content).find(isJsonMediaType);
  if (jsonMediaType === undefined) {
    return isJsonMediaType(contentType) ? [`a JSON body was sent, but the document describes ${Object.keys(content).join(', ') || 'no body'}`] : [];
  }
  if (!isJsonMediaType(contentType)) {
    // A documented non-JSON alternative (none today) is not validated.
    if (Object.keys(content).some((type) => contentType.toLowerCase().startsWith(type.toLowerCase()))) return [];
    return [`the body should be ${jsonMediaType}, got content-type ${JSON.stringify(contentType)}`];
  }
  const schema = (content[jsonMediaType] as Json).schema as object | undefined;
  if (schema === undefined) return [];
  const validate = validatorFor(schema);
  return validate(body) ? [] : ajvProblems(validate.errors, 'body');
}

/** For a request no operation describes: only the router's own refusal is acceptable. */
function undocumentedRouteProblems(status: number, acceptable: readonly number[], headers: Record<string, string>, body: unknown, what: string): string[] {
  if (!acceptable.includes(status)) return [`${what}, and the status ${status} is not the router's refusal (${acceptable.join(' or ')})`];
  return bodyProblems({ content: { 'application/json': { schema: componentsOf('schemas').Error } } }, headers, body);
}

function fail(title: string, problems: readonly string[], body: unknown): never {
  const shown = JSON.stringify(body, null, 2) ?? String(body);
  throw new Error(`${title}\n${problems.map((p) => `  - ${p}`).join('\n')}\n  body: ${shown.length > 4000 ? `${shown.slice(0, 4000)}…` : shown}`);
}

/** Fails (throws) when this response is not what the OpenAPI document says this request may answer. */
export function assertMatchesOpenApi(method: string, url: string, status: number, headers: Record<string, string>, body: unknown): void {
  const path = pathOf(url);
  const verb = method.toLowerCase();
  const request = `${method.toUpperCase()} ${path} → ${status}`;
  const route = ROUTES.find((candidate) => candidate.pattern.test(path));
  if (route === undefined) {
    const problems = undocumentedRouteProblems(status, [404], headers, body, 'no path of the OpenAPI document matches');
    if (problems.length > 0) fail(`${request}: not in the OpenAPI document`, problems, body);
    return;
  }
  const operation = route.item[verb] as Json | undefined;
  if (operation === undefined) {
    const problems = undocumentedRouteProblems(status, [404, 405], headers, body, `${route.template} documents no ${verb.toUpperCase()}`);
    if (problems.length > 0) fail(`${request}: not in the OpenAPI document`, problems, body);
    return;
  }
  const name = `${String(operation.operationId)} (${verb.toUpperCase()} ${route.template})`;
  const responses = operation.responses as Json;
  const documented = responses[String(status)] ?? responses[`${Math.floor(status / 100)}XX`] ?? responses.default;
  if (documented === undefined) {
    fail(`${request}: status ${status} is not documented for ${name}`, [`documented: ${Object.keys(responses).join(', ')}`], body);
  }
  const response = resolve(documented);
  const problems = [...headerProblems(response, headers), ...bodyProblems(response, headers, body)];
  if (problems.length > 0) fail(`${request}: the response does not match the OpenAPI document for ${name}`, problems, body);
}

export type ApiClient = { readonly [M in Method]: (path: string) => Test };

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]])),
  );
}

/**
 * supertest on the app's callback, checking every response against the OpenAPI document
 * before any assertion the test adds: `await api(app).get('/v1/me').set(...).expect(200)`.
 */
export function api(app: Pick<Koa<any, any>, 'callback'>): ApiClient {
  const agent = supertest(app.callback());
  const checked =
    (method: Method) =>
    (path: string): Test =>
      agent[method](path).expect((res) => assertMatchesOpenApi(method, path, res.status, flatHeaders(res.headers), res.body));
  return { get: checked('get'), post: checked('post'), put: checked('put'), patch: checked('patch'), delete: checked('delete') };
}

/**
 * Fails (throws) when an event's body is not what the OpenAPI document's `webhooks` entry for
 * its type says the service sends (docs/webhooks.md).
 */
export function assertEventMatchesOpenApi(event: { type: string }): void {
  const entry = (DOCUMENT.webhooks as Json | undefined)?.[event.type] as Json | undefined;
  if (entry === undefined) fail(`event ${event.type}: not in the OpenAPI document's webhooks`, ['no such entry'], event);
  const schema = ((((entry.post as Json).requestBody as Json).content as Json)['application/json'] as Json).schema as object;
  const validate = validatorFor(schema);
  const type = event.type;
  if (!validate(event)) fail(`event ${type}: the body does not match the OpenAPI document`, ajvProblems(validate.errors, 'body'), event);
}
