import { POST_INTENTS, POST_SOURCES } from '../../../../../domain/post/PostStatus';
import {
  ALT_TEXT_MAX,
  BULK_ITEMS_MAX,
  BULK_ITEMS_MIN,
  GROUPS_PER_POST_MAX,
  ID_MAX,
  MEDIA_PER_SEGMENT_MAX,
  REVIEW_COMMENT_MAX,
  SEGMENTS_PER_GROUP_MAX,
  TARGETS_PER_POST_MAX,
  TEXT_MAX,
} from '../../contract/requestLimits';
import { schemaRef } from '../refs';
import { type SchemaMap } from '../types';
import { closedObject, nullable, timestamp } from './building';
import { nullableEnum, orNull, requestId, requestNumber } from './postShared';

// ---- Requests (dto/PostBody.ts). ----

export const postRequestSchemas: SchemaMap = {
  PostMediaRequest: closedObject({
    description: 'A reference to an uploaded media item.',
    properties: {
      id: requestId(),
      altText: nullable({ type: 'string', maxLength: ALT_TEXT_MAX }),
      thumbnailMediaId: nullable({ type: 'string', maxLength: ID_MAX }),
      thumbnailTimestamp: requestNumber('Seconds into a video to take the thumbnail from.'),
    },
    optional: ['altText', 'thumbnailMediaId', 'thumbnailTimestamp'],
  }),
  PostSegmentRequest: closedObject({
    description: 'Text and media; a segment with neither is refused. Per-platform text limits and media needs apply (docs/product.md).',
    properties: {
      text: { type: 'string', maxLength: TEXT_MAX },
      media: { type: 'array', maxItems: MEDIA_PER_SEGMENT_MAX, items: schemaRef('PostMediaRequest') },
      delayMinutes: requestNumber('Minutes to wait after the previous segment.'),
    },
    optional: ['delayMinutes'],
  }),
  PostGroupRequest: closedObject({
    description: 'Group ids are unique within the post; exactly one group is the default.',
    properties: {
      id: requestId('Chosen by the client; targets refer to it.'),
      isDefault: { type: 'boolean' },
      segments: { type: 'array', maxItems: SEGMENTS_PER_GROUP_MAX, items: schemaRef('PostSegmentRequest') },
    },
  }),
  PostTargetRequest: closedObject({
    description:
      "A target to create. Its connection must be of this workspace and of the settings' platform; " +
      'id, status, platformPostId, platformPostUrl, postedAt, error and attempts are set by the service and refused here.',
    properties: {
      connectionId: requestId('A connected account of this workspace.'),
      groupId: requestId('A group of this post.'),
      settings: schemaRef('TargetSettings'),
      scheduledAt: nullable({
        ...timestamp,
        description: 'RFC 3339 with an offset; in the future when the intent is schedule (every target then needs one, unless it is queued).',
      }),
      queue: nullable({
        type: 'boolean',
        description:
          "true, with scheduledAt null and intent schedule: the service gives the target the earliest slot of its connection's posting schedule " +
          'after now that no other scheduled target of that connection holds, and answers with it as scheduledAt. Two posts asking at once never get one slot. ' +
          'A connection without a schedule is a 422 naming targets[i].queue. Editing the post keeps the slot; POST …/posts/{id}/requeue moves it.',
      }),
    },
    optional: ['queue'],
  }),
  PostRequest: closedObject({
    description: 'docs/spec.md "Post create / update body"; an update replaces the groups and targets.',
    properties: {
      groups: { type: 'array', maxItems: GROUPS_PER_POST_MAX, items: schemaRef('PostGroupRequest') },
      targets: { type: 'array', maxItems: TARGETS_PER_POST_MAX, items: schemaRef('PostTargetRequest') },
      intent: nullableEnum(
        POST_INTENTS,
        "draft: stays a draft; schedule: goes out at the targets' times (each needs a future scheduledAt); publish_now: publishes at once. " +
          "With submitForReview or a contributor's credential, schedule and publish_now wait in pending_review. " +
          'null or absent: draft on create; on update the post keeps its place (a scheduled post stays scheduled).',
      ),
      source: nullableEnum(POST_SOURCES, 'Where the post comes from.'),
      externalSubmissionId: nullable({ type: 'string', maxLength: ID_MAX, description: "The caller's own reference." }),
      submitForReview: nullable({ type: 'boolean', description: 'true: schedule and publish_now wait for a reviewer (pending_review).' }),
    },
    optional: ['intent', 'source', 'externalSubmissionId', 'submitForReview'],
  }),
  BulkCreateRequest: {
    type: 'array',
    minItems: BULK_ITEMS_MIN,
    maxItems: BULK_ITEMS_MAX,
    description: 'Post create bodies; each is validated and stored on its own, so a bad item fails only its own result.',
    items: schemaRef('PostRequest'),
  },
  TargetUpdateRequest: closedObject({
    description:
      'docs/spec.md "Target update body": absent or null keeps the current value (scheduledAt: null clears the time). Only a pending target may change.',
    properties: {
      groupId: nullable({ type: 'string', minLength: 1, maxLength: ID_MAX, description: 'A group of this post.' }),
      settings: orNull(schemaRef('TargetSettings'), "Of the platform of the target's connection."),
      scheduledAt: nullable({ ...timestamp, description: 'RFC 3339 with an offset; in the future when the post is scheduled.' }),
    },
    optional: ['groupId', 'settings', 'scheduledAt'],
  }),
  ApproveReviewRequest: closedObject({
    description: 'Approve: the post resumes its intent (scheduled or publishing).',
    properties: {
      decision: { type: 'string', const: 'approved' },
      comment: nullable({ type: 'string', maxLength: REVIEW_COMMENT_MAX }),
    },
    optional: ['comment'],
  }),
  RequestChangesReviewRequest: closedObject({
    description: 'Ask for changes: the post goes to changes_requested; the comment says what should change.',
    properties: {
      decision: { type: 'string', const: 'changes_requested' },
      comment: { type: 'string', minLength: 1, maxLength: REVIEW_COMMENT_MAX, pattern: '\\S', description: 'Required, not blank.' },
    },
  }),
  ReviewRequest: {
    description: "A reviewer's decision on a post waiting in pending_review.",
    oneOf: [schemaRef('ApproveReviewRequest'), schemaRef('RequestChangesReviewRequest')],
  },
};
