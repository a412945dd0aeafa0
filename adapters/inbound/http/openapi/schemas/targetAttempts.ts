import { PUBLISH_OUTCOME_KINDS } from '../../../../../application/ports/AttemptLog';
import { schemaRef } from '../refs';
import { type SchemaMap } from '../types';
import { arrayOf, closedObject, id, nullable, timestamp } from './building';

/** The attempt log of a target (docs/decisions.md, "The publishing engine"). */
export const targetAttemptSchemas: SchemaMap = {
  PublishOutcomeKind: {
    type: 'string',
    enum: [...PUBLISH_OUTCOME_KINDS],
    description:
      'published; retryLater (429, 5xx or a request that never left: retried later); rejected (permanent); ' +
      'needsReconnect (credentials refused); outcomeUnknown (the request may have been processed; never retried on its own: the account is read back ' +
      'first where the platform allows it); processing (the platform is still processing the media, or the account is read again later); ' +
      'notPosted (read back after a lost answer: the post is not on the platform, nothing was posted).',
  },
  PublishAttempt: closedObject({
    description: 'One call the publishing engine made to the platform for a target.',
    properties: {
      id,
      attempt: { type: 'integer', minimum: 1, description: "The target's attempt count with this call; it keeps counting across retries." },
      segmentIndex: { type: 'integer', minimum: 0, description: 'Which segment of the thread the call was for (0: the post itself).' },
      startedAt: nullable({ ...timestamp, description: 'When the call began; null when the worker stopped during the call.' }),
      finishedAt: { ...timestamp, description: 'When its outcome was recorded (or settled, for a worker that stopped).' },
      outcome: schemaRef('PublishOutcomeKind'),
      error: nullable({ type: 'string', description: 'The reason, readable by a person; null when published.' }),
      statusCode: nullable({ type: 'integer', description: "The platform's HTTP status, when it answered one." }),
      platformPostId: nullable({ type: 'string', description: "The platform's id of the segment, when published." }),
      readBack: {
        type: 'boolean',
        description: "A read of the account that settled an earlier call's unknown outcome (published: found there; notPosted: not there), not a publish call.",
      },
    },
  }),
  PublishAttemptList: closedObject({
    description: 'Every call made for a target, oldest first.',
    properties: { data: arrayOf(schemaRef('PublishAttempt')) },
  }),
};
