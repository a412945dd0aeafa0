import { PLATFORMS, type Platform } from '../../../../../domain/platform/Platform';
import { POST_INTENTS, POST_SOURCES, POST_STATUSES, TARGET_STATUSES } from '../../../../../domain/post/PostStatus';
import { REVIEW_DECISIONS } from '../../../../../domain/post/Review';
import { type FieldRule, SETTINGS_SCHEMA } from '../../../../../domain/post/TargetSettingsSchema';
import { schemaRef } from '../refs';
import { type SchemaMap, type SchemaObject } from '../types';
import { arrayOf, closedObject, id, nullable, timestamp } from './building';

/**
 * Posts (SPEC.md "Post", "Group", "Segment", "Media", "Target", "Target settings", the
 * create/update and target update bodies, "Bulk create result item") and their reviews.
 * Responses mirror presenters/presentPost.ts; requests mirror dto/PostBody.ts and the
 * domain's checks of target settings (domain/post/TargetSettingsSchema.ts).
 */

// Limits of dto/PostBody.ts.
const ID_MAX = 200;
const TEXT_MAX = 100_000;
const ALT_TEXT_MAX = 5_000;
const COMMENT_MAX = 5_000;
const MEDIA_MAX = 50;
const SEGMENTS_MAX = 100;
const GROUPS_MAX = 20;
const TARGETS_MAX = 50;
/** postsBulkRoute.ts. */
export const BULK_MAX = 100;

/** The same schema as a string enum that also accepts JSON null (`enum` must list null too). */
const nullableEnum = (values: readonly string[], description?: string): SchemaObject => ({
  type: ['string', 'null'],
  enum: [...values, null],
  ...(description === undefined ? {} : { description }),
});

/** Either this schema or JSON null, for a schema given by reference. */
const orNull = (schema: SchemaObject, description?: string): SchemaObject => ({
  ...(description === undefined ? {} : { description }),
  anyOf: [schema, { type: 'null' }],
});

const requestId = (description?: string): SchemaObject => ({
  type: 'string',
  minLength: 1,
  maxLength: ID_MAX,
  ...(description === undefined ? {} : { description }),
});

const specialNumberRef = schemaRef('SpecialNumber');

/** A number as the service sends it: a finite JSON number, or one of SPEC.md's special strings. */
const wireNumber = (description: string): SchemaObject => ({
  description,
  anyOf: [{ type: ['number', 'null'] }, specialNumberRef],
});

/**
 * A number a request may send: SPEC.md lets it be NaN, Infinity or -Infinity too, but where
 * the meaning needs a finite value ≥ 0 those (and negatives) get 422 (PRODUCT.md).
 */
const requestNumber = (description: string): SchemaObject => ({
  description: `${description} The strings NaN, Infinity and -Infinity are read as numbers and then refused (422), as is a negative value.`,
  anyOf: [{ type: ['number', 'null'], minimum: 0 }, specialNumberRef],
});

// ---- Target settings: one variant per platform, built from the domain's rules. ----

const SETTINGS_NAMES: Readonly<Record<Platform, string>> = {
  BLUESKY: 'BlueskySettings',
  FACEBOOK: 'FacebookSettings',
  FARCASTER: 'FarcasterSettings',
  INSTAGRAM: 'InstagramSettings',
  LINKEDIN: 'LinkedInSettings',
  PINTEREST: 'PinterestSettings',
  THREADS: 'ThreadsSettings',
  TIKTOK: 'TikTokSettings',
  TWITTER: 'TwitterSettings',
  YOUTUBE: 'YouTubeSettings',
};

function fieldSchema(rule: FieldRule): SchemaObject {
  const base: SchemaObject = rule.type === 'enum' ? { type: 'string', enum: [...rule.values] } : { type: rule.type };
  if (!rule.nullable) return base;
  return rule.type === 'enum' ? nullableEnum(rule.values) : nullable(base);
}

function settingsVariant(platform: Platform): SchemaObject {
  const rules = SETTINGS_SCHEMA[platform];
  const optional = Object.entries(rules).filter(([, rule]) => !rule.required).map(([name]) => name);
  return closedObject({
    description: `Settings of a ${platform} target.`,
    properties: {
      platform: { type: 'string', const: platform },
      values: closedObject({
        properties: Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, fieldSchema(rule)])),
        optional,
      }),
    },
  });
}

const settingsSchemas: SchemaMap = {
  ...Object.fromEntries(PLATFORMS.map((platform) => [SETTINGS_NAMES[platform], settingsVariant(platform)])),
  TargetSettings: {
    description:
      'Platform-specific settings of a target: `platform` tells which shape `values` has. ' +
      'Unknown keys, missing required values and values outside their enums are refused (422 invalid_post, or invalid_target on a target update), and ' +
      'the platform must be that of the target\'s connection.',
    oneOf: PLATFORMS.map((platform) => schemaRef(SETTINGS_NAMES[platform])),
  },
};

// ---- Responses (presenters/presentPost.ts). ----

const responseSchemas: SchemaMap = {
  SpecialNumber: {
    type: 'string',
    enum: ['NaN', 'Infinity', '-Infinity'],
    description: 'SPEC.md lets any number also be one of these strings (JSON has no such numbers).',
  },
  PostStatus: { type: 'string', enum: [...POST_STATUSES], description: 'Where the post is in its lifecycle (PRODUCT.md, "Post lifecycle").' },
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
      limit: { type: 'integer', minimum: 1, maximum: 100 },
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
    description: 'A reviewer\'s decision on a post.',
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

// ---- Requests (dto/PostBody.ts). ----

const requestSchemas: SchemaMap = {
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
    description: 'Text and media; a segment with neither is refused. Per-platform text limits and media needs apply (PRODUCT.md).',
    properties: {
      text: { type: 'string', maxLength: TEXT_MAX },
      media: { type: 'array', maxItems: MEDIA_MAX, items: schemaRef('PostMediaRequest') },
      delayMinutes: requestNumber('Minutes to wait after the previous segment.'),
    },
    optional: ['delayMinutes'],
  }),
  PostGroupRequest: closedObject({
    description: 'Group ids are unique within the post; exactly one group is the default.',
    properties: {
      id: requestId('Chosen by the client; targets refer to it.'),
      isDefault: { type: 'boolean' },
      segments: { type: 'array', maxItems: SEGMENTS_MAX, items: schemaRef('PostSegmentRequest') },
    },
  }),
  PostTargetRequest: closedObject({
    description:
      'A target to create. Its connection must be of this workspace and of the settings\' platform; ' +
      'id, status, platformPostId, platformPostUrl, postedAt, error and attempts are set by the service and refused here.',
    properties: {
      connectionId: requestId('A connected account of this workspace.'),
      groupId: requestId('A group of this post.'),
      settings: schemaRef('TargetSettings'),
      scheduledAt: nullable({
        ...timestamp,
        description: 'RFC 3339 with an offset; in the future when the intent is schedule (every target then needs one).',
      }),
    },
  }),
  PostRequest: closedObject({
    description: 'SPEC.md "Post create / update body"; an update replaces the groups and targets.',
    properties: {
      groups: { type: 'array', maxItems: GROUPS_MAX, items: schemaRef('PostGroupRequest') },
      targets: { type: 'array', maxItems: TARGETS_MAX, items: schemaRef('PostTargetRequest') },
      intent: nullableEnum(
        POST_INTENTS,
        'draft: stays a draft; schedule: goes out at the targets\' times (each needs a future scheduledAt); publish_now: publishes at once. ' +
          'With submitForReview or a contributor\'s credential, schedule and publish_now wait in pending_review. ' +
          'null or absent: draft on create; on update the post keeps its place (a scheduled post stays scheduled).',
      ),
      source: nullableEnum(POST_SOURCES, 'Where the post comes from.'),
      externalSubmissionId: nullable({ type: 'string', maxLength: ID_MAX, description: 'The caller\'s own reference.' }),
      submitForReview: nullable({ type: 'boolean', description: 'true: schedule and publish_now wait for a reviewer (pending_review).' }),
    },
    optional: ['intent', 'source', 'externalSubmissionId', 'submitForReview'],
  }),
  BulkCreateRequest: {
    type: 'array',
    minItems: 1,
    maxItems: BULK_MAX,
    description: 'Post create bodies; each is validated and stored on its own, so a bad item fails only its own result.',
    items: schemaRef('PostRequest'),
  },
  TargetUpdateRequest: closedObject({
    description: 'SPEC.md "Target update body": absent or null keeps the current value (scheduledAt: null clears the time). Only a pending target may change.',
    properties: {
      groupId: nullable({ type: 'string', minLength: 1, maxLength: ID_MAX, description: 'A group of this post.' }),
      settings: orNull(schemaRef('TargetSettings'), 'Of the platform of the target\'s connection.'),
      scheduledAt: nullable({ ...timestamp, description: 'RFC 3339 with an offset; in the future when the post is scheduled.' }),
    },
    optional: ['groupId', 'settings', 'scheduledAt'],
  }),
  ApproveReviewRequest: closedObject({
    description: 'Approve: the post resumes its intent (scheduled or publishing).',
    properties: {
      decision: { type: 'string', const: 'approved' },
      comment: nullable({ type: 'string', maxLength: COMMENT_MAX }),
    },
    optional: ['comment'],
  }),
  RequestChangesReviewRequest: closedObject({
    description: 'Ask for changes: the post goes to changes_requested; the comment says what should change.',
    properties: {
      decision: { type: 'string', const: 'changes_requested' },
      comment: { type: 'string', minLength: 1, maxLength: COMMENT_MAX, pattern: '\\S', description: 'Required, not blank.' },
    },
  }),
  ReviewRequest: {
    description: 'A reviewer\'s decision on a post waiting in pending_review.',
    oneOf: [schemaRef('ApproveReviewRequest'), schemaRef('RequestChangesReviewRequest')],
  },
};

export const postSchemas: SchemaMap = { ...settingsSchemas, ...responseSchemas, ...requestSchemas };
