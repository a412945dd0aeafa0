import { MAX_SLOT_RANGE_DAYS } from '../../../../../application/schedules/PostingSchedules';
import { authenticatedOperation } from '../operations';
import { parameterRef, schemaRef } from '../refs';
import { type PathMap } from '../types';
import { POSTS_ERRORS } from './postParameters';

const connectionId = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'A connection of the workspace.',
  schema: { type: 'string', minLength: 1 },
} as const;
const instant = (name: string, description: string) =>
  ({ name, in: 'query', required: true, description, schema: { type: 'string', format: 'date-time' } }) as const;

export const schedulePaths: PathMap = {
  '/v1/workspaces/{workspaceId}/connections/{id}/schedule': {
    get: authenticatedOperation({
      operationId: 'schedules.get',
      summary: "A connection's posting schedule",
      description: 'Needs accounts:read. A connection without one answers the empty schedule.',
      tags: ['schedules'],
      scope: 'accounts:read',
      parameters: [parameterRef('WorkspaceId'), connectionId],
      success: { status: 200, description: 'The schedule.', schema: schemaRef('PostingSchedule') },
      errors: [403, 404],
    }),
    put: authenticatedOperation({
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
    }),
  },
  '/v1/workspaces/{workspaceId}/connections/{id}/slots': {
    get: authenticatedOperation({
      operationId: 'schedules.slots',
      summary: "The slots of a connection's schedule between two instants, with the posts holding them",
      description: `Needs accounts:read. At most ${MAX_SLOT_RANGE_DAYS} days; a malformed instant or a range the wrong way round is a 422 naming the parameter.`,
      tags: ['schedules'],
      scope: 'accounts:read',
      parameters: [parameterRef('WorkspaceId'), connectionId, instant('from', 'Inclusive, RFC 3339 with an offset.'), instant('to', 'Exclusive.')],
      success: { status: 200, description: 'The slots, oldest first.', schema: schemaRef('ScheduleSlotList') },
      errors: [403, 404, 422],
    }),
  },
  '/v1/workspaces/{workspaceId}/posts/{id}/requeue': {
    post: authenticatedOperation({
      operationId: 'posts.requeue',
      idempotent: true,
      summary: "Move a waiting post's queued targets to their next free slots",
      description:
        "Needs posts:write. Each queued target of a scheduled post (or one in review) takes the earliest free slot of its connection's schedule as it is now; " +
        'it keeps its own when none earlier is free. Targets with a time of their own stay. Another status is a 409 `post_not_scheduled`.',
      tags: ['posts'],
      scope: 'posts:write',
      parameters: [parameterRef('WorkspaceId'), { name: 'id', in: 'path', required: true, description: 'The post.', schema: { type: 'string', minLength: 1 } }],
      success: { status: 200, description: 'The post with its new times.', schema: schemaRef('Post') },
      errors: POSTS_ERRORS,
    }),
  },
};
