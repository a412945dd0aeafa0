import { type IncomingMessage } from 'node:http';
import { type Context, type Middleware } from 'koa';
import { validationError } from '../../../../domain/shared/DomainError';
import { duplicateKeyProblems, jsonShapeProblems, MAX_DEPTH, NOT_ALLOWED } from '../jsonShape';
import { type AppState } from '../state';

/**
 * How deep a parsed body may be before anything downstream walks it. One level more than
 * validateBody allows, because posts.bulkCreate wraps each post body in an array: validateBody
 * gives the exact answer per body; this only keeps recursive code (the idempotency
 * fingerprint, class-transformer) from ever seeing a body deep enough to overflow the stack.
 */
const PARSED_MAX_DEPTH = MAX_DEPTH + 1;

/**
 * A request that carries a body must say it is JSON: a form or text body would otherwise be
 * parsed as "no body" and answered with confusing "is required" errors instead of a 415.
 * It must not be compressed either (the body parser would inflate it, and a body that is not
 * what its Content-Encoding says would fail there as a 500), and its bytes must be UTF-8
 * (RFC 8259 §8.1; the decoder would otherwise turn a stray Latin-1 byte into U+FFFD and the
 * corrupted text would be stored).
 */
export const requireJson = (): Middleware<AppState> => async (ctx, next) => {
  const hasBody = ctx.request.length > 0 || ctx.get('Transfer-Encoding') !== '';
  if (hasBody) {
    if (ctx.request.is('application/json', '+json') === false) {
      ctx.throw(415, 'the body must be JSON (Content-Type: application/json)');
    }
    const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
    if (encoding !== '' && encoding !== 'identity') ctx.throw(415, 'compressed request bodies are not accepted');
    const parsed = checkWhenParsed(ctx);
    try {
      await next();
    } catch (error) {
      throw parsed.handedOver() ? error : (prototypeKeyRefusal(error) ?? error);
    } finally {
      parsed.stop();
    }
    return;
  }
  await next();
};

/**
 * The body parser refuses a `__proto__` key itself (a 400 the error handler answers as a 422
 * invalid_json without a path); answered like every other key named after an Object.prototype
 * member instead: invalid_body, naming where the key is.
 */
function prototypeKeyRefusal(error: unknown): Error | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, message, body } = error as { status?: unknown; message?: unknown; body?: unknown };
  if (status !== 400 || message !== 'Object contains forbidden prototype property' || typeof body !== 'string') return null;
  let plain: unknown;
  try {
    plain = JSON.parse(body); // without the parser's check: `__proto__` stays an own property
  } catch {
    return null;
  }
  const problems = jsonShapeProblems(plain, { maxDepth: PARSED_MAX_DEPTH }).filter((problem) => problem.message === NOT_ALLOWED);
  return problems.length > 0 ? validationError('invalid_body', problems) : null;
}

/**
 * Checks the body the moment the body parser (koa-body, next in the chain) hands it over, before
 * any later middleware reads it: the raw bytes were UTF-8, no object gives a key twice, and the
 * parsed JSON is not deeper than any body of this API. A refusal thrown here comes out of the
 * body parser like a syntax error does, and the error handler answers it with a 422.
 */
function checkWhenParsed(ctx: Context): { handedOver(): boolean; stop(): void } {
  const text = watchText(ctx.req);
  let handedOver = false;
  let body: unknown;
  Object.defineProperty(ctx.request, 'body', {
    configurable: true,
    enumerable: true,
    get: () => body,
    set: (parsed: unknown) => {
      handedOver = true;
      const raw = text.stop();
      if (raw === null) throw validationError('invalid_json', [{ path: '', message: 'the body must be valid UTF-8' }]);
      const tooDeep = jsonShapeProblems(parsed, { maxDepth: PARSED_MAX_DEPTH, depthOnly: true });
      if (tooDeep.length > 0) throw validationError('invalid_body', tooDeep);
      const duplicates = duplicateKeyProblems(raw);
      if (duplicates.length > 0) throw validationError('invalid_body', duplicates);
      body = parsed;
    },
  });
  return { handedOver: () => handedOver, stop: () => void text.stop() };
}

/**
 * Follows the request's bytes as they are delivered (every consumer of a readable stream gets
 * its chunks through a 'data' event), without reading the stream or changing its mode, and
 * decodes them strictly as UTF-8. `stop()` ends the watch and gives the text, or null when a
 * byte was not UTF-8. Stopped by the time the request is answered, so a body nobody reads
 * (drained by Node afterwards) is never held.
 */
function watchText(req: IncomingMessage): { stop(): string | null } {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const pieces: string[] = [];
  let valid = true;
  let watching = true;
  const decode = (chunk?: Uint8Array): void => {
    try {
      pieces.push(chunk === undefined ? decoder.decode() : decoder.decode(chunk, { stream: true }));
    } catch {
      valid = false;
      pieces.length = 0;
    }
  };
  const emit = req.emit;
  req.emit = function watched(this: IncomingMessage, event: string | symbol, ...args: unknown[]): boolean {
    if (watching && valid) {
      if (event === 'data' && args[0] instanceof Uint8Array) decode(args[0]);
      else if (event === 'end') decode(); // a sequence cut off at the end of the body
    }
    return emit.call(this, event, ...args);
  } as typeof req.emit;
  return {
    stop() {
      if (watching) {
        watching = false;
        req.emit = emit;
      }
      const text = valid ? pieces.join('') : null;
      pieces.length = 0;
      if (text !== null) pieces.push(text);
      return text;
    },
  };
}
