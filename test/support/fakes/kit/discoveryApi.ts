import { answerFindings } from './discoveryAnswers';
import { authFindings } from './discoveryAuth';
import { type DiscoveryDocument, type DiscoveryMethod, type Finding, loadDiscoveryDocument, methodsOf } from './discoveryDocument';
import { parameterFindings } from './discoveryParameters';
import { partFindings } from './discoveryParts';
import { DiscoveryRoutes, type Routed } from './discoveryRoutes';
import { DiscoverySchemas } from './discoverySchemas';
import { type Metadata, sessionFindings, uploadFindings } from './discoveryUploads';
import { type RequestChecker, type SeenRequest, type Violation } from './RequestChecker';

const contentTypeOf = (request: SeenRequest) => {
  const value = request.headers['content-type'];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * A Google API held to its discovery document (the one its official clients are generated
 * from): the method found by HTTP method and path (the service path's, or a media upload path),
 * its parameters, `part`, JSON body, upload protocol, credentials and scopes checked; a fake's
 * answers checked against the method's response schema (issue 20).
 */
export class DiscoveryApi implements RequestChecker {
  readonly name: string;
  private readonly routes: DiscoveryRoutes;
  private readonly schemas: DiscoverySchemas;
  private readonly methods: ReadonlyMap<string, DiscoveryMethod>;

  constructor(
    private readonly document: DiscoveryDocument,
    source = 'discovery document',
  ) {
    this.name = `${document.title ?? `${document.name} ${document.version}`} revision ${document.revision ?? 'unknown'} (${source})`;
    this.routes = new DiscoveryRoutes(document);
    this.schemas = new DiscoverySchemas(document);
    this.methods = new Map(methodsOf(document).map((method) => [method.id, method]));
  }

  private static readonly loaded = new Map<string, DiscoveryApi>();

  /** The document in test/fixtures/platform-apis/`fileName`, read and compiled once per process (a fake starts per test). */
  static load(fileName: string): DiscoveryApi {
    const known = DiscoveryApi.loaded.get(fileName);
    if (known) return known;
    const api = new DiscoveryApi(loadDiscoveryDocument(fileName), fileName);
    DiscoveryApi.loaded.set(fileName, api);
    return api;
  }

  check(request: SeenRequest, grantedScopes: readonly string[] | null): { readonly operation: string | null; readonly violations: Violation[] } {
    const found = this.routes.find(request.method, request.path, request.query);
    if (!found.ok)
      return { operation: null, violations: [{ operation: `${request.method.toUpperCase()} ${request.path}`, field: 'path', rule: found.reason }] };
    const { method } = found.routed;
    const findings = [...authFindings(method, request.headers, request.query, grantedScopes), ...this.payloadFindings(found.routed, request)];
    return { operation: method.id, violations: findings.map((finding) => ({ operation: method.id, ...finding })) };
  }

  checkAnswer(operation: string, status: number, body: unknown): Violation[] {
    const method = this.methods.get(operation);
    if (!method) return [{ operation, field: 'operation', rule: `not a method of ${this.name}` }];
    return answerFindings(this.schemas, method, status, body).map((finding) => ({ operation, ...finding }));
  }

  private payloadFindings(routed: Routed, request: SeenRequest): Finding[] {
    const { method, kind, pathValues } = routed;
    // The session URL is Google's, query and all: only its bytes and headers are the client's.
    if (kind === 'uploadSession') return sessionFindings(method, request);
    const parameters = parameterFindings(this.document, method, pathValues, request.query);
    if (kind === 'call')
      return [...parameters, ...this.resourceFindings(method, request.query, { contentType: contentTypeOf(request), bytes: request.body }, true)];
    const upload = uploadFindings(method, routed, request);
    return [...parameters, ...upload.findings, ...this.resourceFindings(method, request.query, upload.metadata, false)];
  }

  /**
   * The JSON resource a request carries (a call's body, an upload's metadata): sent as
   * application/json, valid against the method's request schema, its parts named in `part`. A
   * call to a method with a request schema must carry one; an upload may carry none.
   */
  private resourceFindings(method: DiscoveryMethod, query: URLSearchParams, metadata: Metadata | null, required: boolean): Finding[] {
    const request = method.request?.$ref;
    if (!metadata || metadata.bytes.length === 0) {
      const missing = required && request ? [{ field: 'body', rule: `${method.id} takes a ${request} resource as JSON; the request has none` }] : [];
      return [...missing, ...partFindings(this.document, method, query, undefined)];
    }
    if (!request) return [{ field: 'body', rule: `${method.id} takes no body` }, ...partFindings(this.document, method, query, undefined)];
    const findings: Finding[] = /^application\/json\s*(;|$)/i.test(metadata.contentType ?? '')
      ? []
      : [{ field: 'header.Content-Type', rule: `a ${request} resource is sent as application/json, not "${metadata.contentType ?? ''}"` }];
    let value: unknown;
    try {
      value = JSON.parse(metadata.bytes.toString('utf8'));
    } catch {
      return [
        ...findings,
        { field: 'body', rule: 'is not JSON (Google answers 400 "Invalid JSON payload received")' },
        ...partFindings(this.document, method, query, undefined),
      ];
    }
    return [...findings, ...this.schemas.findings(request, value, 'request', method.id, 'body'), ...partFindings(this.document, method, query, value)];
  }
}
