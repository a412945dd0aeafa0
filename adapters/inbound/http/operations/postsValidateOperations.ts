import { type PostDryRun, problemsOf, type ValidatePost } from '../../../../application/posts/ValidatePost';
import { DomainError } from '../../../../domain/shared/DomainError';
import { PostBody } from '../dto/PostBody';
import { toPostRequest } from '../dto/toCommands';
import { idempotencyKeyParameter } from '../openapi/operations';
import { POSTS_ERRORS } from '../openapi/paths/postParameters';
import { parameterRef, schemaRef } from '../openapi/refs';
import { presentPost } from '../presenters/presentPost';
import { actorOf } from '../routers/postActor';
import { validateBody } from '../validation';
import { type ApiOperations } from './ApiOperation';

/**
 * posts.validate: a dry run of posts.create on exactly its body (docs/posts-import-export.md,
 * "Dry run"). It needs what create needs (posts:write on the workspace). It writes nothing,
 * so it takes no Idempotency-Key guard: there is no record to keep (keeping one would be a
 * write), and running it again is the retry. A body create would refuse for its shape is a
 * 200 naming the problems, like any other.
 */
export const POSTS_VALIDATE_OPERATIONS: ApiOperations<ValidatePost> = [
  {
    method: 'post',
    path: '/v1/workspaces/{workspaceId}/posts/validate',
    operationId: 'posts.validate',
    summary: 'Check a post as posts.create would, storing nothing',
    description:
      "Needs posts:write. Takes exactly the posts.create body and answers 200 whatever it finds: every check create makes (the body, the platforms' rules, " +
      'media fit per platform, the connections), run by the create path itself in a unit of work that is then rolled back, so nothing is stored, ' +
      'no slot held and no event sent; plus warnings for what would fail later. A queued target shows the slot it would take now.',
    tags: ['posts'],
    scope: 'posts:write',
    parameters: [
      parameterRef('WorkspaceId'),
      {
        ...idempotencyKeyParameter,
        description: 'Accepted and not kept: a dry run changes nothing, so there is no answer to replay; sending it again is the retry.',
      },
    ],
    requestBody: { description: 'A posts.create body.', schema: schemaRef('PostRequest') },
    success: { status: 200, description: 'The dry run.', schema: schemaRef('PostDryRun') },
    errors: POSTS_ERRORS,
    async handle(ctx, validate) {
      let body: PostBody;
      try {
        body = validateBody(PostBody, ctx.request.body);
      } catch (error) {
        if (!(error instanceof DomainError) || error.kind !== 'validation') throw error;
        ctx.body = presentDryRun({ valid: false, problems: problemsOf(error), warnings: [], post: null });
        return;
      }
      ctx.body = presentDryRun(await validate.execute(actorOf(ctx), toPostRequest(body)));
    },
  },
];

const presentDryRun = (run: PostDryRun) => ({
  valid: run.valid,
  problems: run.problems.map(({ path, message }) => ({ path, message })),
  warnings: run.warnings.map(({ path, message }) => ({ path, message })),
  post: run.post === null ? null : presentPost(run.post),
});
