import { COUNT_NAMES } from '../../../../../domain/analytics/PostCounts';
import { PLATFORMS } from '../../../../../domain/platform/Platform';
import { schemaRef } from '../refs';
import { type SchemaMap } from '../types';
import { arrayOf, closedObject, id, nullable, timestamp } from './building';

const figure = (description: string) => nullable({ type: 'number', minimum: 0, description });
const FIGURE_MEANING: Record<(typeof COUNT_NAMES)[number], string> = {
  likes: 'Likes, favourites, reactions.',
  reposts: 'Reposts, retweets, recasts, shares.',
  replies: 'Replies or comments.',
  quotes: 'Quotes (a post quoting this one).',
  saves: 'Saves, bookmarks.',
  views: 'Views or impressions, as the platform counts them.',
  clicks: 'Link or outbound clicks.',
};

/** Published posts' figures and the workspace's analytics (docs/analytics.md). */
export const analyticsSchemas: SchemaMap = {
  PostCounts: closedObject({
    description:
      'One set of names for every platform; null where the platform does not report the figure to the app (docs/analytics.md has what each reports).',
    properties: Object.fromEntries(COUNT_NAMES.map((name) => [name, figure(FIGURE_MEANING[name])])),
  }),
  RawCounts: { type: 'object', additionalProperties: { type: 'number' }, description: "The platform's own figures by its own names." },
  MetricsSnapshot: closedObject({ properties: { collectedAt: timestamp, counts: schemaRef('PostCounts'), raw: schemaRef('RawCounts') } }),
  TargetMetrics: closedObject({
    description: "A published target's figures as last collected by the workers (about an hour, a day and a week after it went out, and when refreshed).",
    properties: {
      targetId: id,
      platform: { type: 'string', enum: [...PLATFORMS] },
      connectionId: id,
      platformPostId: { type: 'string' },
      postedAt: timestamp,
      counts: { anyOf: [schemaRef('PostCounts'), { type: 'null' }], description: 'Null until the first collection succeeds; kept when a later one fails.' },
      raw: { anyOf: [schemaRef('RawCounts'), { type: 'null' }] },
      deleted: { type: 'boolean', description: 'The platform says the post is gone: its figures are no longer collected, and the analytics leave it out.' },
      collectedAt: nullable({ ...timestamp }),
      nextCollectionAt: nullable({ ...timestamp, description: 'Null once the schedule is done.' }),
      lastError: {
        anyOf: [closedObject({ properties: { message: { type: 'string' }, at: nullable({ ...timestamp }) } }), { type: 'null' }],
        description: 'Why the last collection failed, and when; the figures stay those of the last success.',
      },
      history: arrayOf(schemaRef('MetricsSnapshot'), 'Every collection, oldest first (with ?history=true).'),
    },
    optional: ['history'],
  }),
  TargetMetricsList: closedObject({ properties: { data: arrayOf(schemaRef('TargetMetrics'), "The post's published targets, in the order they went out.") } }),
  FiguresSummary: closedObject({
    properties: {
      posts: { type: 'integer', minimum: 0, description: 'Posts with a target published in the range.' },
      targets: { type: 'integer', minimum: 0, description: 'Targets published in the range (one post on one account).' },
      sums: schemaRef('PostCounts'),
      averages: { ...schemaRef('PostCounts'), description: 'Per target that reports the figure, two decimals.' },
    },
  }),
  AnalyticsGroup: closedObject({
    properties: {
      key: { type: 'string', description: 'The UTC day (YYYY-MM-DD), the platform, or the connection id.' },
      posts: { type: 'integer', minimum: 0 },
      targets: { type: 'integer', minimum: 0 },
      sums: schemaRef('PostCounts'),
      averages: schemaRef('PostCounts'),
    },
  }),
  Analytics: closedObject({
    properties: {
      from: timestamp,
      to: timestamp,
      groupBy: { type: 'string', enum: ['day', 'platform', 'connection'] },
      overall: schemaRef('FiguresSummary'),
      data: arrayOf(schemaRef('AnalyticsGroup'), 'Ordered by key; every day or platform of the range, or a page of connections (limit and offset).'),
      total: { type: 'integer', minimum: 0, description: 'Groups in the range, before paging.' },
      limit: { type: 'integer' },
      offset: { type: 'integer' },
    },
  }),
};
