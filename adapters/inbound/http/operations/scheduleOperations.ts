import { MAX_SLOT_RANGE_DAYS, type PostingSchedules } from '../../../../application/schedules/PostingSchedules';
import { type RequeuePost } from '../../../../application/schedules/RequeuePost';
import { type PostingSchedule } from '../../../../domain/schedule/PostingSchedule';
import { ScheduleBody } from '../dto/ScheduleBody';
import { tagResponse } from '../entityTags';
import { instantQuery } from '../instantQuery';
import { everyQueryProblem } from '../query';
import { POSTS_ERRORS } from '../openapi/paths/postParameters';
import { parameterRef, schemaRef } from '../openapi/refs';
import { presentPost } from '../presenters/presentPost';
import { actorOf } from '../routers/postActor';
import { accessOf } from '../state';
import { validateBody } from '../validation';
import { type ApiOperations } from './ApiOperation';

export interface ScheduleUseCases {
  readonly schedules: PostingSchedules;
  readonly requeue: RequeuePost;
}

const CONNECTION = '/v1/workspaces/{workspaceId}/connections/{id}';
const connectionId = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'A connection of the workspace.',
  schema: { type: 'string', minLength: 1 },
} as const;
const instant = (name: string, description: string) =>
  ({ name, in: 'query', required: true, description, schema: { type: 'string', format: 'date-time' } }) as const;

const presentSchedule = (schedule: PostingSchedule) => {
  const { connectionId, timeZone, slots, updatedAt } = schedule.toSnapshot();
  return { connectionId, timeZone, slots, updatedAt: updatedAt?.toISOString() ?? null };
};

/** Posting schedules, their slots, and moving a queued post to its next free slots (docs/posts.md, "Posting schedules"). */
export const SCHEDULE_OPERATIONS: ApiOperations<ScheduleUseCases> = [
  {
    method: 'get',
    path: `${CONNECTION}/schedule`,
    operationId: 'schedules.get',
    summary: "A connection's posting schedule",
    description: 'Needs accounts:read. A connection without one answers the empty schedule.',
    tags: ['schedules'],
    scope: 'accounts:read',
    parameters: [parameterRef('WorkspaceId'), connectionId],
    success: { status: 200, description: 'The schedule.', schema: schemaRef('PostingSchedule') },
    errors: [403, 404],
    async handle(ctx, { schedules }) {
      ctx.body = presentSchedule(await schedules.get(accessOf(ctx).workspaceId, ctx.params.id!));
    },
  },
  {
    method: 'put',
    path: `${CONNECTION}/schedule`,
    operationId: 'schedules.replace',
    idempotent: true,
    summary: "Replace a connection's posting schedule",
    description:
      'Needs accounts:write. A bad zone, day or time, a repeated slot or more than 100 slots is a 422 `invalid_schedule` naming each. ' +
      'Posts already queued keep their slots: POST …/posts/{id}/requeue moves them to the new schedule.',
    tags: ['schedules'],
    scope: 'accounts:write',
    parameters: [parameterRef('WorkspaceId'), connectionId],
    requestBody: { description: 'The time zone and the weekly slots.', schema: schemaRef('PostingScheduleRequest') },
    success: { status: 200, description: 'The schedule as stored.', schema: schemaRef('PostingSchedule') },
    errors: [403, 404],
    // Each slot is checked by the domain (422 `invalid_schedule` naming every bad field at once).
    async handle(ctx, { schedules }) {
      const body = validateBody(ScheduleBody, ctx.request.body);
      ctx.body = presentSchedule(await schedules.replace(accessOf(ctx).workspaceId, ctx.params.id!, { timeZone: body.timeZone, slots: body.slots }));
    },
  },
  {
    method: 'get',
    path: `${CONNECTION}/slots`,
    operationId: 'schedules.slots',
    summary: "The slots of a connection's schedule between two instants, with the posts holding them",
    description: `Needs accounts:read. At most ${MAX_SLOT_RANGE_DAYS} days; a malformed instant or a range the wrong way round is a 422 naming the parameter.`,
    tags: ['schedules'],
    scope: 'accounts:read',
    parameters: [parameterRef('WorkspaceId'), connectionId, instant('from', 'Inclusive, RFC 3339 with an offset.'), instant('to', 'Exclusive.')],
    success: { status: 200, description: 'The slots, oldest first.', schema: schemaRef('ScheduleSlotList') },
    errors: [403, 404, 422],
    async handle(ctx, { schedules }) {
      const [from, to] = everyQueryProblem(
        () => instantQuery(ctx.query, 'from', true)!,
        () => instantQuery(ctx.query, 'to', true)!,
      );
      const slots = await schedules.slotsBetween(accessOf(ctx).workspaceId, ctx.params.id!, from, to);
      ctx.body = { data: slots.map(({ at, holder }) => ({ at: at.toISOString(), postId: holder?.postId ?? null, targetId: holder?.targetId ?? null })) };
    },
  },
  {
    method: 'post',
    path: '/v1/workspaces/{workspaceId}/posts/{id}/requeue',
    operationId: 'posts.requeue',
    idempotent: true,
    summary: "Move a waiting post's queued targets to their next free slots",
    description:
      "Needs posts:write. Each queued target of a scheduled post (or one in review) takes the earliest free slot of its connection's schedule as it is now: " +
      'a slot it holds that the schedule still has is kept unless an earlier one is free; a time the schedule no longer has gives way to its first free slot, earlier or later. ' +
      'Targets with a time of their own stay. Another status (a draft, a published post) is a 409 `post_not_scheduled`.',
    tags: ['posts'],
    scope: 'posts:write',
    parameters: [parameterRef('WorkspaceId'), { name: 'id', in: 'path', required: true, description: 'The post.', schema: { type: 'string', minLength: 1 } }],
    success: { status: 200, description: 'The post with its new times.', schema: schemaRef('Post') },
    errors: POSTS_ERRORS,
    async handle(ctx, { requeue }) {
      const post = await requeue.run(actorOf(ctx), ctx.params.id!);
      tagResponse(ctx, post.version);
      ctx.body = presentPost(post);
    },
  },
];
