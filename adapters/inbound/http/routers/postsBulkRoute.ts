import { type Middleware } from 'koa';
import { type WritePosts } from '../../../../application/posts/WritePosts';
import { DomainError, validationError } from '../../../../domain/shared/DomainError';
import { PostBody } from '../dto/PostBody';
import { toPostRequest } from '../dto/toCommands';
import { presentPost } from '../presenters/presentPost';
import { type AppState } from '../state';
import { validateBody } from '../validation';
import { actorOf } from './postActor';

const MAX_ITEMS = 100;

type BulkResult =
  | { index: number; ok: true; post: ReturnType<typeof presentPost> }
  | { index: number; ok: false; error: { code: string; message: string } };

/**
 * posts.bulkCreate: each item is validated and stored on its own, so one bad item is
 * reported in its slot and never fails the others. Only a malformed envelope is a 422.
 */
export const bulkCreateRoute = (write: WritePosts): Middleware<AppState> => async (ctx) => {
  const items: unknown = ctx.request.body;
  if (!Array.isArray(items)) throw validationError('invalid_body', [{ path: '', message: 'must be an array of post create bodies' }]);
  if (items.length === 0 || items.length > MAX_ITEMS) {
    throw validationError('invalid_body', [{ path: '', message: `must hold 1 to ${MAX_ITEMS} items` }]);
  }
  const actor = actorOf(ctx);
  const results: BulkResult[] = [];
  for (const [index, item] of items.entries()) {
    try {
      const post = await write.create(actor, toPostRequest(validateBody(PostBody, item)));
      results.push({ index, ok: true, post: presentPost(post) });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      results.push({ index, ok: false, error: { code: error.code, message: error.message } });
    }
  }
  ctx.body = results;
};
