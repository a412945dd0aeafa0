import { Router } from '@koa/router';
import { type PostingSchedules } from '../../../../application/schedules/PostingSchedules';
import { type RequeuePost } from '../../../../application/schedules/RequeuePost';
import { type PostingSchedule } from '../../../../domain/schedule/PostingSchedule';
import { ScheduleBody } from '../dto/ScheduleBody';
import { tagResponse } from '../entityTags';
import { instantQuery } from '../instantQuery';
import { presentPost } from '../presenters/presentPost';
import { type RouteKit } from '../RouteKit';
import { accessOf, type AppState } from '../state';
import { validateBody } from '../validation';
import { actorOf } from './postActor';

const CONNECTION = '/v1/workspaces/:workspaceId/connections/:id';

export interface ScheduleUseCases {
  readonly schedules: PostingSchedules;
  readonly requeue: RequeuePost;
}

const presentSchedule = (schedule: PostingSchedule) => {
  const { connectionId, timeZone, slots, updatedAt } = schedule.toSnapshot();
  return { connectionId, timeZone, slots, updatedAt: updatedAt?.toISOString() ?? null };
};

/** Posting schedules, their slots, and moving a queued post to its next free slots (docs/posts.md, "Posting schedules"). */
export function schedulesRouter({ access, writes }: RouteKit, { schedules, requeue }: ScheduleUseCases): Router<AppState> {
  const router = new Router<AppState>();
  router.get(`${CONNECTION}/schedule`, access('accounts:read'), async (ctx) => {
    ctx.body = presentSchedule(await schedules.get(accessOf(ctx).workspaceId, ctx.params.id!));
  });
  // Each slot is checked by the domain (422 `invalid_schedule` naming every bad field at once).
  router.put(`${CONNECTION}/schedule`, access('accounts:write'), writes, async (ctx) => {
    const body = validateBody(ScheduleBody, ctx.request.body);
    ctx.body = presentSchedule(await schedules.replace(accessOf(ctx).workspaceId, ctx.params.id!, { timeZone: body.timeZone, slots: body.slots }));
  });
  router.get(`${CONNECTION}/slots`, access('accounts:read'), async (ctx) => {
    const from = instantQuery(ctx.query, 'from', true)!;
    const to = instantQuery(ctx.query, 'to', true)!;
    const slots = await schedules.slotsBetween(accessOf(ctx).workspaceId, ctx.params.id!, from, to);
    ctx.body = { data: slots.map(({ at, holder }) => ({ at: at.toISOString(), postId: holder?.postId ?? null, targetId: holder?.targetId ?? null })) };
  });
  router.post('/v1/workspaces/:workspaceId/posts/:id/requeue', access('posts:write'), writes, async (ctx) => {
    const post = await requeue.run(actorOf(ctx), ctx.params.id!);
    tagResponse(ctx, post.version);
    ctx.body = presentPost(post);
  });
  return router;
}
