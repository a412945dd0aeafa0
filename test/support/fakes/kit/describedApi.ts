import type Ajv from 'ajv';
import addFormats from 'ajv-formats';
import path from 'node:path';
import OpenAPIBackend, { type Operation, ValidationContext } from 'openapi-backend';
import { type FieldRule, fieldRulesOf } from './fieldRules';
import { isObject, type JsonObject, normaliseSchemas, readOpenApiFile } from './openApiDocument';
import { bareMediaType, bodyMediaType, type DescribedBody, describedMediaType, isJsonMediaType, parseBody } from './requestBodies';
import { type RequestChecker, type SeenRequest, type Violation } from './RequestChecker';
import { SchemaValidators, pointerTo } from './schemaValidators';
import { type SecurityRequirement, type SecurityScheme, securityViolations } from './securityRequirements';

const describedApis = new Map<string, DescribedApi>();

/** Where the descriptions are copied into the project, with their provenance (its README.md). */
const FIXTURES = path.join(__dirname, '..', '..', '..', 'fixtures', 'platform-apis');

/**
 * A platform's OpenAPI 3.0 description as a RequestChecker. openapi-backend matches the
 * operation (method and path template, under the path of the description's first server) and
 * checks path, query and header parameters (`tweet.fields`-style names, comma-separated arrays
 * where the description says `explode: false`); the body is read by its media type (JSON, a
 * form, multipart parts) and checked against that media type's schema with the same ajv
 * settings; the credentials against the operation's `security`, scopes included.
 */
export class DescribedApi implements RequestChecker {
  readonly name: string;
  /** Formats the description uses that no validator knows: accepted as they are, never guessed at. */
  readonly uncheckedFormats = new Set<string>();
  private readonly backend: OpenAPIBackend;
  private readonly apiRoot: string;
  private readonly exact: SchemaValidators;
  /** For form and multipart bodies, whose numbers and booleans travel as text. */
  private readonly fromText: SchemaValidators;
  private readonly document: JsonObject;

  private constructor(file: string) {
    this.document = readOpenApiFile(file);
    const info = isObject(this.document.info) ? this.document.info : {};
    this.name = `${info.title} ${info.version} (${path.basename(file)})`;
    const formats = normaliseSchemas(this.document);
    const server = Array.isArray(this.document.servers) && isObject(this.document.servers[0]) ? String(this.document.servers[0].url) : '/';
    this.apiRoot = new URL(server, 'http://placeholder').pathname.replace(/\/+$/, '') || '/';
    this.backend = new OpenAPIBackend({
      definition: this.document as never,
      apiRoot: this.apiRoot,
      quick: true,
      strict: true,
      validate: true,
      // A trailing slash is part of the path template: Neynar's paths end in one, X's do not.
      ignoreTrailingSlashes: false,
      ajvOpts: { allErrors: true, verbose: true, logger: false },
      customizeAjv: (ajv) => this.withFormats(ajv, formats),
    });
    // In quick mode with a document object, init does its work before its first await.
    void this.backend.init();
    if (!this.backend.initalized) throw new Error(`${this.name}: openapi-backend did not take the document`);
    const key = path.basename(file);
    this.exact = new SchemaValidators(this.backend.validator.getAjv(ValidationContext.RequestBody), this.document, key);
    this.fromText = new SchemaValidators(this.backend.validator.getAjv(ValidationContext.RequestBody, { coerceTypes: 'array' }), this.document, key);
  }

  /** A description of `test/fixtures/platform-apis/` by its file name (`x-openapi.json`). */
  static fixture(name: string): DescribedApi {
    return DescribedApi.load(path.join(FIXTURES, name));
  }

  /** The description in `file` (JSON or YAML), read once per test process. */
  static load(file: string): DescribedApi {
    const resolved = path.resolve(file);
    let api = describedApis.get(resolved);
    if (!api) {
      api = new DescribedApi(resolved);
      describedApis.set(resolved, api);
    }
    return api;
  }

  check(request: SeenRequest, grantedScopes: readonly string[] | null): { readonly operation: string | null; readonly violations: Violation[] } {
    const operation = this.operationFor(request.method, request.path);
    if (!operation) {
      const label = `${request.method.toUpperCase()} ${request.path}`;
      return { operation: null, violations: [{ operation: label, field: 'operation', rule: `${this.name} describes no operation ${label}` }] };
    }
    const id = String(operation.operationId);
    const schemes = (this.backend.definition.components?.securitySchemes ?? {}) as Record<string, SecurityScheme>;
    const rules = [
      ...this.parameterRules(request, operation),
      ...this.bodyRules(request, operation),
      ...securityViolations((operation.security ?? []) as SecurityRequirement[], schemes, request, grantedScopes),
    ];
    return { operation: id, violations: rules.map((rule) => ({ operation: id, ...rule })) };
  }

  checkAnswer(operation: string, status: number, body: unknown, contentType?: string): Violation[] {
    const described = this.backend.router.getOperation(operation);
    if (!described) return [];
    const rules = this.answerRules(described, status, body, contentType);
    return rules.map((rule) => ({ operation, ...rule }));
  }

  private operationFor(method: string, requestPath: string): Operation | undefined {
    if (this.apiRoot !== '/' && !requestPath.startsWith(`${this.apiRoot}/`)) return undefined;
    return this.backend.router.matchOperation({ method, path: requestPath, headers: {} });
  }

  private parameterRules(request: SeenRequest, operation: Operation): FieldRule[] {
    const query: Record<string, string | string[]> = {};
    for (const name of new Set(request.query.keys()))
      query[name] = request.query.getAll(name).length > 1 ? request.query.getAll(name) : request.query.get(name)!;
    const { 'content-type': _, ...headers } = request.headers;
    const result = this.backend.validator.validateRequest({ method: request.method, path: request.path, headers: headers as never, query }, operation);
    // The body is checked by its own media type below.
    const errors = (result.errors ?? []).filter((e) => !e.instancePath.startsWith('/requestBody') && e.params.missingProperty !== 'requestBody');
    return fieldRulesOf(errors, '');
  }

  private bodyRules(request: SeenRequest, operation: Operation): FieldRule[] {
    const described = operation.requestBody as DescribedBody | undefined;
    const { mediaType, problems } = bodyMediaType(request, described);
    if (mediaType === null) return problems;
    const parsed = parseBody(request, mediaType);
    if (parsed.kind === 'unreadable') return [{ field: 'body', rule: parsed.rule }];
    const pointer = pointerTo(this.document, ['paths', operation.path, operation.method, 'requestBody', 'content', mediaType, 'schema']);
    if (parsed.kind === 'opaque' || pointer === null) return [];
    return fieldRulesOf((parsed.coerced ? this.fromText : this.exact).errors(pointer, parsed.value), 'body');
  }

  private answerRules(operation: Operation, status: number, body: unknown, contentType: string | undefined): FieldRule[] {
    const responses = (operation.responses ?? {}) as Record<string, { content?: Record<string, unknown> }>;
    const key = [String(status), `${Math.floor(status / 100)}XX`, 'default'].find((k) => k in responses);
    if (key === undefined) {
      // Descriptions list error statuses sparingly (Neynar's none of 401 or 429): only an undescribed success is the fake's bug.
      return status < 400 ? [{ field: 'answer.status', rule: `${status} is not a status the description gives (${Object.keys(responses).join(', ')})` }] : [];
    }
    const mediaTypes = Object.keys(responses[key]!.content ?? {});
    const empty = body === undefined || body === '';
    if (mediaTypes.length === 0) return empty ? [] : [{ field: 'answer.body', rule: `the description gives no body for ${key}` }];
    if (empty) return [{ field: 'answer.body', rule: `missing: the description gives ${mediaTypes.join(', ')} for ${key}` }];
    const mediaType =
      contentType === undefined ? (mediaTypes.find((t) => isJsonMediaType(bareMediaType(t))) ?? null) : describedMediaType(contentType, mediaTypes);
    if (mediaType === null) {
      return [{ field: 'answer.header.Content-Type', rule: `${contentType ?? 'no JSON'} is not among the description's ${mediaTypes.join(', ')} for ${key}` }];
    }
    const pointer = pointerTo(this.document, ['paths', operation.path, operation.method, 'responses', key, 'content', mediaType, 'schema']);
    if (pointer === null || !isJsonMediaType(bareMediaType(mediaType))) return [];
    return fieldRulesOf(this.exact.errors(pointer, body), 'answer');
  }

  private withFormats(ajv: Ajv, formats: ReadonlySet<string>): Ajv {
    addFormats(ajv);
    for (const format of formats) {
      if (ajv.formats[format] !== undefined) continue;
      ajv.addFormat(format, true);
      this.uncheckedFormats.add(format);
    }
    return ajv;
  }
}
