import { Router } from '@koa/router';
import { type PostDryRun, problemsOf, type ValidatePost } from '../../../../application/posts/ValidatePost';
import { DomainError } from '../../../../domain/shared/DomainError';
import { PostBody } from '../dto/PostBody';
import { toPostRequest } from '../dto/toCommands';
import { presentPost } from '../presenters/presentPost';
import { type RouteKit } from '../RouteKit';
import { type AppState } from '../state';
import { validateBody } from '../validation';
import { actorOf } from './postActor';

/**
 * posts.validate: a dry run of posts.create on exactly its body (docs/posts-import-export.md,
 * "Dry run"). It needs what create needs (posts:write on the workspace). It writes nothing,
 * so it takes no Idempotency-Key guard: there is no record to keep (keeping one would be a
 * write), and running it again is the retry. A body create would refuse for its shape is a
 * 200 naming the problems, like any other.
 */
export function postsValidateRouter({ access }: RouteKit, validate: ValidatePost): Router<AppState> {
  const router = new Router<AppState>();
  router.post('/v1/workspaces/:workspaceId/posts/validate', access('posts:write'), async (ctx) => {
    let body: PostBody;
    try {
      body = validateBody(PostBody, ctx.request.body);
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind !== 'validation') throw error;
      ctx.body = presentDryRun({ valid: false, problems: problemsOf(error), warnings: [], post: null });
      return;
    }
    ctx.body = presentDryRun(await validate.execute(actorOf(ctx), toPostRequest(body)));
  });
  return router;
}

const presentDryRun = (run: PostDryRun) => ({
  valid: run.valid,
  problems: run.problems.map(({ path, message }) => ({ path, message })),
  warnings: run.warnings.map(({ path, message }) => ({ path, message })),
  post: run.post === null ? null : presentPost(run.post),
});
