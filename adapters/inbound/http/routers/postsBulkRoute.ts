import { type Middleware } from 'koa';
import { type Logger } from '../../../../application/ports/Logger';
import { type WritePosts } from '../../../../application/posts/WritePosts';
import { DomainError, validationError } from '../../../../domain/shared/DomainError';
import { BULK_ITEMS_MAX, BULK_ITEMS_MIN } from '../contract/requestLimits';
import { PostBody } from '../dto/PostBody';
import { toPostRequest } from '../dto/toCommands';
import { presentPost } from '../presenters/presentPost';
import { type AppState } from '../state';
import { validateBody } from '../validation';
import { actorOf } from './postActor';

type BulkResult = { index: number; ok: true; post: ReturnType<typeof presentPost> } | { index: number; ok: false; error: { code: string; message: string } };

/**
 * posts.bulkCreate: each item is validated and stored on its own, so one bad item is
 * reported in its slot and never fails the others. Only a malformed envelope is a 422.
 * An unexpected failure is reported in its slot too (internal_error), never as a 500 for
 * the whole request: earlier items are already stored, and a 500 would let a retry under
 * the same Idempotency-Key store them a second time. The 200 is kept and replayed.
 */
export const bulkCreateRoute =
  (write: WritePosts, logger: Logger): Middleware<AppState> =>
  async (ctx) => {
    const items: unknown = ctx.request.body;
    if (!Array.isArray(items)) throw validationError('invalid_body', [{ path: '', message: 'must be an array of post create bodies' }]);
    if (items.length < BULK_ITEMS_MIN || items.length > BULK_ITEMS_MAX) {
      throw validationError('invalid_body', [{ path: '', message: `must hold ${BULK_ITEMS_MIN} to ${BULK_ITEMS_MAX} items` }]);
    }
    const actor = actorOf(ctx);
    const results: BulkResult[] = [];
    for (const [index, item] of items.entries()) {
      try {
        const post = await write.create(actor, toPostRequest(validateBody(PostBody, item)));
        results.push({ index, ok: true, post: presentPost(post) });
      } catch (error) {
        results.push({
          index,
          ok: false,
          error: error instanceof DomainError ? { code: error.code, message: error.message } : internalError(ctx, index, error, logger),
        });
      }
    }
    ctx.body = results;
  };

/** Logged like the error handler's 500s; the client gets only the request id to quote. */
function internalError(ctx: { state: AppState; method: string; path: string }, index: number, error: unknown, logger: Logger) {
  const requestId = ctx.state.requestId;
  logger.error('unhandled error in a bulk item', {
    requestId,
    method: ctx.method,
    path: ctx.path,
    index,
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  });
  return { code: 'internal_error', message: `an unexpected error occurred; quote the requestId ${requestId} when reporting it` };
}
