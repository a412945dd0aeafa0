import { createHash } from 'node:crypto';
import type Koa from 'koa';
import { type Clock } from '../../../../application/ports/Clock';
import { type IdempotencyStore, type StoredResponse } from '../../../../application/ports/IdempotencyStore';
import { type Credential } from '../../../../domain/credential/Credential';
import { conflict, DomainError, type ErrorKind, validationError } from '../../../../domain/shared/DomainError';
import { credentialOf } from '../state';
import { errorBody, STATUS_OF } from './errorBody';

export interface IdempotencyOptions {
  readonly store: IdempotencyStore;
  readonly clock: Clock;
  /** How long a completed request's response is replayed (docs/product.md: 24 h). */
  readonly replayTtlMs: number;
  /**
   * How long a running request holds its key. Short, so a request cut off by a crash blocks
   * its retries only briefly; longer than any request can run, or a slow request and its
   * retry could both run (see IdempotencyStore).
   */
  readonly leaseMs: number;
}

const GUARDED_METHODS = new Set(['POST', 'PATCH', 'DELETE']);
/** Printable ASCII. Node trims a header's surrounding spaces, so no key can end in one. */
const VALID_KEY = /^[\x20-\x7E]{1,255}$/;
/**
 * Errors that say nothing final about the request, so it may run again under the same key:
 * retry-later ones, and access decisions (they change when access does, and the outer error
 * handler adds their WWW-Authenticate challenge).
 */
const NOT_REPLAYED: ReadonlySet<ErrorKind> = new Set(['unavailable', 'rate_limited', 'unauthenticated', 'forbidden']);
const UNAVAILABLE_RETRY_AFTER_S = 5;

/**
 * Idempotency-Key for POST, PATCH and DELETE (docs/product.md "Headers"): the first final
 * response under a key is stored and replayed byte for byte; the same key with another
 * request, or while the first still runs, is a 409. Mounted per writing route, AFTER the
 * route's workspace access check: a stored response (an API key's secret, a post) is then
 * replayed only to a caller allowed to make that request now. Keys belong to one credential
 * in one workspace, never to the user: another key of the same user (a viewer's, one bound
 * elsewhere) has keys of its own and can replay nothing of this one's. Inside the error
 * handler, so its 409/422 get the usual body.
 */
export function idempotency({ store, clock, replayTtlMs, leaseMs }: IdempotencyOptions): Koa.Middleware {
  if (!Number.isInteger(replayTtlMs) || replayTtlMs < 1) {
    throw new RangeError(`idempotency replay TTL must be a positive integer of milliseconds, got ${replayTtlMs}`);
  }
  if (!Number.isInteger(leaseMs) || leaseMs < 1) throw new RangeError(`idempotency lease must be a positive integer of milliseconds, got ${leaseMs}`);

  return async (ctx, next) => {
    const header = ctx.headers['idempotency-key'];
    if (!GUARDED_METHODS.has(ctx.method) || header === undefined) return next();
    const key = Array.isArray(header) ? header.join(', ') : header;
    if (!VALID_KEY.test(key)) {
      throw validationError('invalid_idempotency_key', [{ path: 'Idempotency-Key', message: 'must be 1 to 255 printable ASCII characters' }]);
    }

    // Per credential and workspace: on another path or with another body the key is a mismatch.
    // A person's own resources (transcriptions, checkout) have no workspace: the credential alone.
    const scope = scopeOf(credentialOf(ctx), ctx.state.access?.workspaceId ?? 'own');
    const begun = await beginOrUnavailable(ctx, () => store.begin(scope, key, fingerprintOf(ctx), clock.now(), leaseMs));
    if (begun.outcome === 'completed') return replay(ctx, begun.response);
    if (begun.outcome === 'in_progress') throw conflict('idempotency_key_in_use', 'a request with this key is still running');
    if (begun.outcome === 'mismatch') throw conflict('idempotency_key_reused', 'this key was used with another request');
    if (begun.outcome === 'took_effect') throw answerLost();

    try {
      // Each unit of work the request commits also marks the key, in its own transaction.
      await store.markingEffects(scope, key, new Date(clock.now().getTime() + replayTtlMs), next);
    } catch (error) {
      if (!(error instanceof DomainError) || NOT_REPLAYED.has(error.kind)) {
        await abandonQuietly(store, scope, key);
        throw error;
      }
      // The outer error handler would render this after we return; render it here, the same
      // way, so the exact bytes can be stored.
      const status = STATUS_OF[error.kind];
      ctx.status = status;
      ctx.body = errorBody(status, error.code, error.message, error.details, ctx.state.requestId as string);
    }

    const response = ctx.status < 500 ? freeze(ctx) : null;
    if (response === null) return abandonQuietly(store, scope, key);
    // A failure here is a 500 and leaves the record in progress until its lease passes: a retry
    // meanwhile gets a 409; one after it gets 409 idempotency_key_answer_lost if the request
    // committed anything, and runs it again only if it changed nothing.
    await store.complete(scope, key, response, new Date(clock.now().getTime() + replayTtlMs));
  };
}

/** A request under this key changed something and its answer is gone: sending it again could do it twice. */
export const answerLost = (): DomainError =>
  conflict(
    'idempotency_key_answer_lost',
    'a request with this key took effect, but its answer was lost (the service stopped or failed before sending it): read the resource back instead of sending the request again',
  );

/**
 * sha256 (64 hex characters, the store's scope) of the credential (`kind:id`) and the
 * workspace; and of the user, as defence in depth: should a verifier ever give two users'
 * credentials one id, they still share nothing.
 */
function scopeOf(credential: Credential, workspaceId: string): string {
  return sha256(JSON.stringify([`${credential.kind}:${credential.id}`, credential.userId, workspaceId]));
}

/**
 * sha256 of method, URL (path and query) and the parsed body in canonical JSON (keys sorted).
 * koa-body keeps no raw bytes (no `includeUnparsed`), and the parsed body is what the handler
 * acts on: a client re-serialising the same JSON with other spacing or key order is the same
 * request, not a conflict. An If-Match, when sent, is part of the request: the same key with
 * another one is another request (409), not a replay of an answer to an older condition.
 */
function fingerprintOf(ctx: Koa.Context): string {
  const request = [ctx.method, ctx.originalUrl, canonical(ctx.request.body)];
  const ifMatch = ctx.get('If-Match');
  return sha256(JSON.stringify(ifMatch === '' ? request : [...request, ifMatch]));
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value ?? null;
  const sorted = Object.keys(value).sort();
  return Object.fromEntries(sorted.map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
}

/** Turns the response body into the exact string sent, so the first response and replays match. */
function freeze(ctx: Koa.Context): StoredResponse | null {
  const body: unknown = ctx.body;
  // Nothing answered: left to the error handler's route_not_found, not a result to keep.
  if (body === undefined && ctx.status === 404) return null;
  if (body === null || body === undefined) {
    // Koa would send the status text as the body; an empty one is what a replay can repeat.
    if (ctx.status !== 204 && ctx.status !== 304) ctx.body = '';
  } else if (typeof body !== 'string') {
    // Streams and buffers are not API responses; they are not stored (the request may run again).
    if (Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === 'function') return null;
    ctx.body = JSON.stringify(body);
    ctx.type = 'application/json';
  }
  const sent: unknown = ctx.body;
  const frozen = { status: ctx.status, contentType: ctx.response.get('Content-Type') || null, body: typeof sent === 'string' ? sent : '' };
  const etag = ctx.response.get('ETag');
  return etag === '' ? frozen : { ...frozen, etag };
}

function replay(ctx: Koa.Context, response: StoredResponse): void {
  ctx.status = response.status;
  if (response.body !== '' || (response.status !== 204 && response.status !== 304)) ctx.body = response.body;
  if (response.contentType !== null) ctx.set('Content-Type', response.contentType);
  // The version the first answer had: a later change makes an If-Match with it a 412, as it should.
  if (response.etag !== undefined) ctx.set('ETag', response.etag);
  ctx.set('Idempotent-Replayed', 'true');
}

async function beginOrUnavailable<T>(ctx: Koa.Context, begin: () => Promise<T>): Promise<T> {
  try {
    return await begin();
  } catch (cause) {
    // The store's own account of an outage (database_unavailable) is the more precise answer,
    // and is logged once per outage where it arose.
    if (cause instanceof DomainError && cause.kind === 'unavailable') throw cause;
    // Running the request unguarded could perform it twice; a retryable 503 is the safe answer.
    ctx.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
    const error = new DomainError(
      'unavailable',
      'idempotency_store_unavailable',
      `Idempotency keys cannot be checked now; retry in ${UNAVAILABLE_RETRY_AFTER_S} seconds`,
    );
    error.cause = cause; // kept for the logs, never shown to the client
    throw error;
  }
}

/** The request's own failure is what the client and the logs need; a record left behind ends with its lease. */
async function abandonQuietly(store: IdempotencyStore, scope: string, key: string): Promise<void> {
  await store.abandon(scope, key).catch(() => undefined);
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
