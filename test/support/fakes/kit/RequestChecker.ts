import { type IncomingHttpHeaders } from 'node:http';

/** A request as a fake received it: enough to check it against a platform's own description. */
export interface SeenRequest {
  readonly method: string;
  /** Without the query. */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** One rule a request (or a fake's answer) broke: the operation, the field and the rule, as a test failure names them. */
export interface Violation {
  /** The operation's id in the description (`createPosts`), or `METHOD /path` when it has none. */
  readonly operation: string;
  /** Where: `body.media_type`, `query.tweet.fields`, `header.Authorization`, `scope`. */
  readonly field: string;
  readonly rule: string;
}

/**
 * A platform's published description of its API (an OpenAPI document, Google's discovery
 * document), used by a test fake to check every request it receives: the fake is then held to
 * the platform, not to our own reading of its documentation (issue 20).
 */
export interface RequestChecker {
  /** The description and its version, for messages: `X API v2 2.167 (x-openapi.json)`. */
  readonly name: string;
  /**
   * The operation the request is for (null when the description has none: itself a violation)
   * and every rule it breaks. `grantedScopes`: the scopes the request's token was issued with
   * (null: the fake does not know them, and scopes are not checked).
   */
  check(request: SeenRequest, grantedScopes: readonly string[] | null): { readonly operation: string | null; readonly violations: Violation[] };
  /**
   * The rules a fake's own answer to `operation` breaks (a bug of the fake, not of the connector).
   * `contentType`: the answer's, to pick the schema of that media type (X describes errors both
   * as `application/json` and `application/problem+json`); without it, the first JSON one.
   */
  checkAnswer(operation: string, status: number, body: unknown, contentType?: string): Violation[];
}

export const describeViolation = (v: Violation): string => `${v.operation}: ${v.field}: ${v.rule}`;
