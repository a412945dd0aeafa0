import { type Scope } from '../../../../domain/credential/Scope';
import { errorResponses, type ErrorStatus } from './errorResponses';
import { jsonAnswerHeaders, noStoreWhenAuthenticatedHeader, rateLimitHeaders, requestIdHeader } from './headers';
import { jsonContent } from './refs';
import { bearer, noCredential } from './security';
import {
  type HeaderObject,
  type MediaTypeObject,
  type OperationObject,
  type ParameterObject,
  type Reference,
  type ResponseObject,
  type SchemaObject,
} from './types';

/** Every authenticated operation can answer these, whatever it does. */
const ALWAYS_WHEN_AUTHENTICATED: readonly ErrorStatus[] = [401, 429, 500, 503];
/** The JSON body parser's answers, before the operation runs. */
const WHEN_A_BODY_IS_READ: readonly ErrorStatus[] = [413, 415, 422];
/** The idempotency middleware's answers: a malformed key (422), a key reused or still running (409). */
const WHEN_IDEMPOTENT: readonly ErrorStatus[] = [409, 422];

/**
 * `Idempotency-Key` (docs/product.md, "Headers"), honoured on every authenticated POST, PATCH and
 * DELETE: the first final answer under a key is kept 24 h and replayed byte for byte.
 */
export const idempotencyKeyParameter: ParameterObject = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: 1 to 255 printable ASCII characters, chosen by the client, one per intended operation (422 invalid_idempotency_key otherwise). ' +
    'The same key with the same request within 24 h replays the first answer with Idempotent-Replayed: true; ' +
    'the same key with another request (idempotency_key_reused), or while the first still runs (idempotency_key_in_use), answers 409; ' +
    'so does a request that took effect but lost its answer (idempotency_key_answer_lost: the service stopped or failed after committing it; read the resource back). ' +
    'Keys belong to the credential and the workspace of the path; 401, 403, 429 and 5xx answers are not kept, so the request may run again under the same key.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]{1,255}$' },
};

/** Set on a response replayed from an earlier request with the same Idempotency-Key. */
export const idempotentReplayedHeader: HeaderObject = {
  description: 'Present, as true, when this is the stored answer to an earlier request with the same Idempotency-Key.',
  required: false,
  schema: { type: 'string', const: 'true' },
};

export interface Described {
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly parameters?: readonly (ParameterObject | Reference)[];
}

export interface SuccessResponse {
  readonly status: 200 | 201 | 202 | 204;
  readonly description: string;
  /** The JSON body; absent for an answer without one (204). */
  readonly schema?: SchemaObject;
  /** A body that is not JSON (a CSV file), by media type, in place of `schema`. */
  readonly content?: Readonly<Record<string, MediaTypeObject>>;
}

/** A request body: JSON of `schema`, or other media types (`content`: uploads, raw bytes). */
export type RequestBodySpec =
  | { readonly description: string; readonly schema: SchemaObject }
  | { readonly description: string; readonly content: Readonly<Record<string, MediaTypeObject>> };

/**
 * An operation behind the bearer credential. Adds the statuses every such operation can
 * answer (401, 429, 500, 503; 413, 415, 422 when it reads a body) to `errors`, and the
 * X-Request-Id and RateLimit headers to the success response.
 */
export interface AuthenticatedOperationSpec extends Described {
  /** The scope the operation needs; null: any valid credential. */
  readonly scope: Scope | null;
  readonly requestBody?: RequestBodySpec;
  readonly success: SuccessResponse;
  /** The statuses this operation adds (403, 404, 409, …). */
  readonly errors: readonly ErrorStatus[];
  /** Headers of the success response beyond X-Request-Id, RateLimit-* and Idempotent-Replayed (e.g. ETag). */
  readonly successHeaders?: Readonly<Record<string, HeaderObject>>;
  /**
   * A POST, PATCH or DELETE: takes the optional Idempotency-Key header, and its answer may be
   * a replay (Idempotent-Replayed). The idempotency middleware guards every such method.
   */
  readonly idempotent?: boolean;
}

export function authenticatedOperation(spec: AuthenticatedOperationSpec): OperationObject {
  const idempotent = spec.idempotent === true;
  const statuses = new Set([
    ...ALWAYS_WHEN_AUTHENTICATED,
    ...(spec.requestBody ? WHEN_A_BODY_IS_READ : []),
    ...(idempotent ? WHEN_IDEMPOTENT : []),
    ...spec.errors,
  ]);
  const parameters = idempotent ? [...(spec.parameters ?? []), idempotencyKeyParameter] : spec.parameters;
  return {
    ...described({ ...spec, parameters }),
    security: bearer(spec.scope),
    ...(spec.requestBody && {
      requestBody: {
        description: spec.requestBody.description,
        required: true,
        content: 'schema' in spec.requestBody ? jsonContent(spec.requestBody.schema) : spec.requestBody.content,
      },
    }),
    responses: {
      [String(spec.success.status)]: {
        description: spec.success.description,
        headers: {
          'X-Request-Id': requestIdHeader,
          ...rateLimitHeaders(true),
          ...jsonAnswerHeaders,
          'Cache-Control': noStoreWhenAuthenticatedHeader(true),
          ...(idempotent ? { 'Idempotent-Replayed': idempotentReplayedHeader } : {}),
          ...spec.successHeaders,
        },
        ...(spec.success.content !== undefined
          ? { content: spec.success.content }
          : spec.success.schema === undefined
            ? {}
            : { content: jsonContent(spec.success.schema) }),
      },
      ...errorResponses([...statuses].sort((a, b) => a - b)),
    },
  };
}

/** A JSON response of an operation without a credential; X-Request-Id added. */
export function openResponse(description: string, schema: SchemaObject, headers: Record<string, HeaderObject> = {}): ResponseObject {
  return { description, headers: { 'X-Request-Id': requestIdHeader, ...jsonAnswerHeaders, ...headers }, content: jsonContent(schema) };
}

/**
 * An operation that takes no credential; 500 added. Unless `rateLimited` is false (health), it
 * is counted per client address: RateLimit headers on its answers, and 429 / 503 possible.
 */
export function openOperation(
  spec: Described & {
    readonly responses: Readonly<Record<number, ResponseObject>>;
    readonly rateLimited?: boolean;
  },
): OperationObject {
  const rateLimited = spec.rateLimited !== false;
  const responses = Object.fromEntries(
    Object.entries(spec.responses).map(([status, response]) => [
      status,
      rateLimited ? { ...response, headers: { ...response.headers, ...rateLimitHeaders(true) } } : response,
    ]),
  );
  return {
    ...described(spec),
    security: noCredential,
    responses: { ...responses, ...errorResponses(rateLimited ? [429, 500, 503] : [500]) },
  };
}

function described(spec: Described) {
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    ...(spec.description === undefined ? {} : { description: spec.description }),
    tags: spec.tags,
    ...(spec.parameters === undefined ? {} : { parameters: spec.parameters }),
  };
}
