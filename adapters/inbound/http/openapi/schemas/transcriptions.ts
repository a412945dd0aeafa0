import { CURSOR_MAX, REEL_URL_MAX } from '../../contract/transcriptionLimits';
import { schemaRef } from '../refs';
import { type SchemaObject, type SchemaMap } from '../types';
import { arrayOf, closedObject, id, nullable } from './building';

const count: SchemaObject = { type: 'integer', minimum: 0 };
const epochMs = (description: string): SchemaObject => ({ type: 'integer', description });

/** A person's transcriptions and their quota (docs/spec.md, "Transcription"; docs/account.md). */
export const transcriptionSchemas: SchemaMap = {
  Transcription: closedObject({
    description: "A reel's transcription, owned by the person who asked for it.",
    properties: {
      id,
      reelId: { type: 'string', description: "The last path segment of the reel's URL, or the first 16 hex digits of the URL's SHA-256 when it has none." },
      reelUrl: { type: 'string' },
      text: { type: 'string' },
      altText: nullable({ type: 'string', description: 'Always null for now.' }),
      language: { type: 'string', description: "As the provider names it (e.g. english); 'unknown' when it names none." },
      durationSeconds: { type: 'number', minimum: 0 },
      createdAt: epochMs('Epoch milliseconds.'),
    },
  }),
  TranscriptionPage: closedObject({
    description: 'Newest first. Pass continueCursor as cursor for the next page; isDone is true when there is none.',
    properties: {
      page: arrayOf(schemaRef('Transcription')),
      continueCursor: { type: 'string', maxLength: CURSOR_MAX, description: 'Opaque, signed, valid only for the person it was given to.' },
      isDone: { type: 'boolean' },
    },
  }),
  TranscriptionUsage: closedObject({
    description: "The quota's state now: the free monthly limit, or a subscribed plan's hard limit within its period.",
    properties: {
      used: count,
      limit: { ...count, description: 'Creating past it answers 402 quota_exceeded: the free limit, or the plan’s hard limit.' },
      periodEnd: epochMs('When the count starts again, epoch milliseconds: the next calendar month (UTC), or the subscription’s period end.'),
      isSortedActive: { type: 'boolean', description: 'The subscription is paid up (active or trialing).' },
      isSubscribed: { type: 'boolean', description: 'A transcription plan is subscribed (active, trialing or past_due).' },
      paidSoftLimit: {
        ...count,
        description: 'The plan’s soft limit (the first plan on sale when none is subscribed; 0 when none exists). Past it, creating still succeeds.',
      },
      paidHardLimit: { ...count, description: 'The plan’s hard limit (the first plan on sale when none is subscribed; 0 when none exists).' },
      stripeCustomerId: nullable({ type: 'string', description: "The payment provider's customer, once the person went to checkout." }),
    },
  }),
  CreateTranscriptionRequest: closedObject({
    description: 'A reel to fetch and transcribe.',
    properties: {
      reelUrl: {
        type: 'string',
        minLength: 1,
        maxLength: REEL_URL_MAX,
        description:
          'An absolute http or https URL of the reel’s media, without a user name or password. Private and local addresses are refused unless the operator allows them.',
      },
    },
  }),
};
