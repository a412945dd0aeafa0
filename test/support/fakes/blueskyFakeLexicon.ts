import { lexicons } from '@atproto/api';
import { type RequestChecker, type SeenRequest, type Violation } from './kit/RequestChecker';

/** The version of the lexicons the checks read: the ones @atproto/api carries (and validates its own calls' answers with). */
const API_VERSION: string = require('@atproto/api/package.json').version;

/** XRPC's own errors, which any method may answer (https://atproto.com/specs/xrpc, "Error Responses"). */
const XRPC_ERRORS = ['InvalidRequest', 'ExpiredToken', 'InvalidToken', 'AuthenticationRequired', 'RateLimitExceeded', 'InternalServerError'];

interface QueryDef {
  readonly type: 'query';
  readonly parameters?: { readonly properties?: Readonly<Record<string, { readonly type: string }>> };
  readonly errors?: ReadonlyArray<{ readonly name: string }>;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Bluesky's lexicons (as @atproto/api ships them) as a RequestChecker: `GET /xrpc/{nsid}` must
 * name a query the lexicons define; its parameters are read as XRPC sends them (an array
 * repeated, integers and booleans as text), none beyond the lexicon's, and held to it
 * (`maxLength`, formats such as `at-uri`); an answer is held to the query's output schema, an
 * error to `{error, message}` with a name the lexicon or XRPC itself gives.
 */
export class LexiconApi implements RequestChecker {
  readonly name = `Bluesky lexicons (@atproto/api ${API_VERSION})`;

  check(request: SeenRequest): { operation: string | null; violations: Violation[] } {
    const nsid = /^\/xrpc\/([a-zA-Z0-9.-]+)$/.exec(request.path)?.[1];
    const def = nsid === undefined ? undefined : (lexicons.getDef(nsid) as QueryDef | undefined);
    if (nsid === undefined || def?.type !== 'query' || request.method !== 'GET') {
      const label = `${request.method} ${request.path}`;
      return { operation: null, violations: [{ operation: label, field: 'operation', rule: `${this.name} define no query ${label}` }] };
    }
    const properties = def.parameters?.properties ?? {};
    const violations: Violation[] = [];
    const params: Record<string, unknown> = {};
    for (const name of new Set(request.query.keys())) {
      const property = properties[name];
      if (property === undefined) {
        violations.push({ operation: nsid, field: `query.${name}`, rule: 'not a parameter of the lexicon' });
        continue;
      }
      const values = request.query.getAll(name);
      params[name] = property.type === 'array' ? values : textValue(property.type, values[values.length - 1]!);
    }
    try {
      lexicons.assertValidXrpcParams(nsid, params);
    } catch (error) {
      violations.push({ operation: nsid, field: 'query', rule: messageOf(error) });
    }
    return { operation: nsid, violations };
  }

  checkAnswer(operation: string, status: number, body: unknown): Violation[] {
    const def = lexicons.getDef(operation) as QueryDef | undefined;
    if (def === undefined) return [];
    try {
      if (status === 200) lexicons.assertValidXrpcOutput(operation, body);
      else assertXrpcError(body, [...XRPC_ERRORS, ...(def.errors ?? []).map((e) => e.name)]);
      return [];
    } catch (error) {
      return [{ operation, field: 'answer', rule: messageOf(error) }];
    }
  }
}

function textValue(type: string, text: string): unknown {
  if (type === 'integer') return Number(text);
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}

function assertXrpcError(body: unknown, names: readonly string[]): void {
  const { error, message } = (body ?? {}) as { error?: unknown; message?: unknown };
  if (typeof error !== 'string' || !names.includes(error)) throw new Error(`an error answer names one of ${names.join(', ')}; got ${String(error)}`);
  if (message !== undefined && typeof message !== 'string') throw new Error('an error answer’s message is text');
}
