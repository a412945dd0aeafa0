import { POST_SOURCES, POST_STATUSES, TARGET_STATUSES } from '../../../../../domain/post/PostStatus';
import { REVIEW_DECISIONS } from '../../../../../domain/post/Review';
import { PAGE_LIMIT_MAX, PAGE_LIMIT_MIN } from '../../contract/requestLimits';
import { schemaRef } from '../refs';
import { type SchemaMap } from '../types';
import { arrayOf, closedObject, id, nullable, timestamp } from './building';
import { wireNumber } from './postShared';

export const postResponseSchemas: SchemaMap = {
  SpecialNumber: {
    type: 'string',
    enum: ['NaN', 'Infinity', '-Infinity'],
    description: 'docs/spec.md lets any number also be one of these strings (JSON has no such numbers).',
  },
  PostStatus: { type: 'string', enum: [...POST_STATUSES], description: 'Where the post is in its lifecycle (docs/product.md, "Post lifecycle").' },
  TargetStatus: { type: 'string', enum: [...TARGET_STATUSES] },
  PostSource: { type: 'string', enum: [...POST_SOURCES] },
  PostMedia: closedObject({
    description: 'A media item of a segment. In responses every field is present, null when empty.',
    properties: {
      id: { type: 'string' },
      altText: nullable({ type: 'string' }),
      thumbnailMediaId: nullable({ type: 'string' }),
      thumbnailTimestamp: wireNumber('Seconds into a video to take the thumbnail from.'),
    },
  }),
  PostSegment: closedObject({
    description: 'One piece of a group: the first is the post, later ones thread replies or comments, by platform.',
    properties: {
      text: { type: 'string' },
      media: arrayOf(schemaRef('PostMedia')),
      delayMinutes: wireNumber('Minutes to wait after the previous segment; null: none.'),
    },
  }),
  PostGroup: closedObject({
    description: 'A version of the content; targets point at the group they publish.',
    properties: {
      id: { type: 'string' },
      isDefault: { type: 'boolean' },
      segments: arrayOf(schemaRef('PostSegment')),
    },
  }),
  Target: closedObject({
    description: 'One connected account the post goes to.',
    properties: {
      id,
      connectionId: { type: 'string', description: 'The connected account.' },
      groupId: { type: 'string', description: 'A group of the same post.' },
      settings: schemaRef('TargetSettings'),
      scheduledAt: nullable({ ...timestamp }),
      status: schemaRef('TargetStatus'),
      platformPostId: nullable({ type: 'string' }),
      platformPostUrl: nullable({ type: 'string' }),
      postedAt: nullable({ ...timestamp }),
      error: nullable({ type: 'string', description: 'Why the last attempt failed.' }),
      attempts: { type: 'integer', minimum: 0, description: 'Publish attempts made so far.' },
    },
  }),
  Post: closedObject({
    description: 'A post: its content groups and its targets. Exactly these fields; the review history is at …/posts/{id}/reviews.',
    properties: {
      id,
      workspaceId: { type: 'string' },
      status: schemaRef('PostStatus'),
      groups: arrayOf(schemaRef('PostGroup')),
      targets: arrayOf(schemaRef('Target')),
      source: schemaRef('PostSource'),
      externalSubmissionId: nullable({ type: 'string' }),
      createdAt: timestamp,
      updatedAt: timestamp,
    },
  }),
  PostPage: closedObject({
    description: 'One page of posts, newest first (ties broken by id).',
    properties: {
      data: arrayOf(schemaRef('Post')),
      total: { type: 'integer', minimum: 0, description: 'Posts matching the filter, all pages together.' },
      limit: { type: 'integer', minimum: PAGE_LIMIT_MIN, maximum: PAGE_LIMIT_MAX },
      offset: { type: 'integer', minimum: 0 },
    },
  }),
  PostDeleted: closedObject({
    properties: { deleted: { type: 'boolean', description: 'True when the post was removed.' } },
  }),
  TargetList: arrayOf(schemaRef('Target'), 'The targets of the post, in their order.'),
  BulkCreateSuccess: closedObject({
    description: 'The item at `index` was stored.',
    properties: {
      index: { type: 'integer', minimum: 0, description: 'Position of the item in the request array.' },
      ok: { type: 'boolean', const: true },
      post: schemaRef('Post'),
    },
  }),
  BulkCreateFailure: closedObject({
    description: 'The item at `index` was refused; the others are unaffected.',
    properties: {
      index: { type: 'integer', minimum: 0, description: 'Position of the item in the request array.' },
      ok: { type: 'boolean', const: false },
      error: closedObject({
        properties: {
          code: { type: 'string', description: 'The code the same body would get from posts.create (invalid_body, invalid_post, …).' },
          message: { type: 'string' },
        },
      }),
    },
  }),
  BulkCreateResultItem: {
    description: 'The outcome of one item of a bulk create, by index.',
    oneOf: [schemaRef('BulkCreateSuccess'), schemaRef('BulkCreateFailure')],
  },
  BulkCreateResult: arrayOf(schemaRef('BulkCreateResultItem'), 'One result per input item, in input order.'),
  ReviewDecision: { type: 'string', enum: [...REVIEW_DECISIONS] },
  Review: closedObject({
    description: "A reviewer's decision on a post.",
    properties: {
      id,
      decision: schemaRef('ReviewDecision'),
      comment: nullable({ type: 'string' }),
      reviewerUserId: { type: 'string' },
      createdAt: timestamp,
    },
  }),
  ReviewList: closedObject({
    description: 'The review history of a post, oldest first.',
    properties: { data: arrayOf(schemaRef('Review')) },
  }),
  ReviewResult: closedObject({
    description: 'The recorded review and the post after it.',
    properties: { review: schemaRef('Review'), post: schemaRef('Post') },
  }),
};
