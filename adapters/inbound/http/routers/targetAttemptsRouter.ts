import { Router } from '@koa/router';
import { type PublishAttempt } from '../../../../application/ports/AttemptLog';
import { type ListTargetAttempts } from '../../../../application/publishing/ListTargetAttempts';
import { type RouteKit } from '../RouteKit';
import { type AppState } from '../state';
import { actorOf } from './postActor';

const PATH = '/v1/workspaces/:workspaceId/posts/:id/targets/:targetId/attempts';

/** The platform calls made for one target, oldest first (docs/decisions.md, "The publishing engine"). */
export function targetAttemptsRouter({ access }: RouteKit, attempts: ListTargetAttempts): Router<AppState> {
  const router = new Router<AppState>();
  router.get(PATH, access('posts:read'), async (ctx) => {
    const listed = await attempts.list(actorOf(ctx).workspaceId, ctx.params.id!, ctx.params.targetId!);
    ctx.body = { data: listed.map(presentAttempt) };
  });
  return router;
}

export function presentAttempt(a: PublishAttempt) {
  return {
    id: a.id,
    attempt: a.attempt,
    segmentIndex: a.segmentIndex,
    startedAt: a.startedAt?.toISOString() ?? null,
    finishedAt: a.finishedAt.toISOString(),
    outcome: a.outcome,
    error: a.error,
    statusCode: a.statusCode,
    platformPostId: a.platformPostId,
    readBack: a.readBack,
  };
}
