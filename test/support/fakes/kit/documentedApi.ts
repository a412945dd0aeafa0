import { type RequestChecker, type SeenRequest, type Violation } from './RequestChecker';
import { bareMediaType } from './requestBodies';

/** Where the operation's parameters travel, as its documentation page gives them. */
export type ParameterPlace = 'query' | 'form' | 'json';

/** How the documentation says the caller proves who it is. */
export type DocumentedAuth = 'bearer' | 'access_token' | 'client' | 'none';

/**
 * One endpoint as its platform's documentation describes it (docs/platforms.md has the table and
 * the page), for platforms that publish no machine-readable description (Meta, LinkedIn, TikTok).
 */
export interface DocumentedOperation {
  readonly id: string;
  readonly method: string;
  /** A path template: `{name}` stands for one path segment. */
  readonly path: string;
  /** The documentation page the row comes from. */
  readonly page: string;
  readonly params?: ParameterPlace;
  readonly required?: readonly string[];
  /** Every parameter the page documents; anything else is a violation. Absent: not checked. */
  readonly allowed?: readonly string[];
  /** Documented values of a parameter. */
  readonly values?: Readonly<Record<string, readonly string[]>>;
  readonly auth: DocumentedAuth;
  /** Any one of these permissions suffices (where the page names them). */
  readonly scopes?: readonly string[];
}

const templateOf = (path: string): RegExp => new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);

/**
 * Checks a request against a table taken from a platform's documentation: the endpoint exists,
 * its required parameters are there and nothing undocumented is sent, documented values are
 * kept, the credentials travel as the page says, and the token carries a permission it needs.
 * Weaker than a published description (the table is our reading), so each row names its page.
 */
export class DocumentedApi implements RequestChecker {
  private readonly routes: ReadonlyArray<{ readonly operation: DocumentedOperation; readonly pattern: RegExp }>;

  constructor(
    readonly name: string,
    operations: readonly DocumentedOperation[],
    /** Paths begin with this on the fake (a version prefix such as `/v25.0`), not in the table. */
    private readonly prefix = '',
  ) {
    this.routes = operations.map((operation) => ({ operation, pattern: templateOf(operation.path) }));
  }

  check(request: SeenRequest, grantedScopes: readonly string[] | null): { operation: string | null; violations: Violation[] } {
    const path = request.path.startsWith(this.prefix) ? request.path.slice(this.prefix.length) : request.path;
    const route = this.routes.find((r) => r.operation.method === request.method && r.pattern.test(path));
    if (route === undefined) {
      return {
        operation: null,
        violations: [{ operation: `${request.method} ${request.path}`, field: 'operation', rule: `${this.name} documents no such endpoint` }],
      };
    }
    const { operation } = route;
    const violation = (field: string, rule: string): Violation => ({ operation: operation.id, field, rule: `${rule} (${operation.page})` });
    const params = parametersOf(request, operation.params ?? 'query');
    const violations: Violation[] = [];
    for (const name of operation.required ?? []) if (!params.has(name)) violations.push(violation(name, 'required, and missing'));
    const allowed = operation.allowed;
    if (allowed !== undefined) {
      for (const name of params.keys())
        if (!allowed.includes(name) && name !== 'access_token') violations.push(violation(name, 'not documented for this endpoint'));
    }
    for (const [name, values] of Object.entries(operation.values ?? {})) {
      const value = params.get(name);
      if (value !== undefined && !values.includes(value)) violations.push(violation(name, `must be one of ${values.join(', ')}; got ${value}`));
    }
    violations.push(...authViolations(request, operation, params, grantedScopes).map((rule) => violation('credentials', rule)));
    return { operation: operation.id, violations };
  }

  /** Answers are the fake's own reading of the page too: nothing more to hold them to. */
  checkAnswer(): Violation[] {
    return [];
  }
}

function parametersOf(request: SeenRequest, place: ParameterPlace): Map<string, string> {
  const params = new Map<string, string>(request.query.entries());
  const type = bareMediaType(String(request.headers['content-type'] ?? ''));
  if (place === 'form' && type === 'application/x-www-form-urlencoded')
    for (const [k, v] of new URLSearchParams(request.body.toString('utf8'))) params.set(k, v);
  if (place === 'json' && type === 'application/json') {
    try {
      const body = JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
      for (const [k, v] of Object.entries(body)) params.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    } catch {
      params.set('(body)', 'not JSON');
    }
  }
  return params;
}

function authViolations(request: SeenRequest, operation: DocumentedOperation, params: Map<string, string>, granted: readonly string[] | null): string[] {
  const bearer = /^Bearer \S+/i.test(String(request.headers.authorization ?? ''));
  if (operation.auth === 'bearer' && !bearer) return ['the page asks for `Authorization: Bearer <token>`'];
  if (operation.auth === 'access_token' && !params.has('access_token') && !bearer) return ['the page asks for an access_token'];
  const needed = operation.scopes ?? [];
  if (granted !== null && needed.length > 0 && !needed.some((s) => granted.includes(s)))
    return [`needs one of ${needed.join(', ')}; the token carries ${granted.join(', ') || 'none'}`];
  return [];
}
