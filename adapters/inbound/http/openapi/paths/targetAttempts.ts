import { authenticatedOperation } from '../operations';
import { schemaRef } from '../refs';
import { type PathMap } from '../types';
import { POSTS_ERRORS, TARGET_PARAMETERS } from './postParameters';

/** The attempt log of a target (docs/decisions.md, "The publishing engine"). */
export const targetAttemptPaths: PathMap = {
  '/v1/workspaces/{workspaceId}/posts/{id}/targets/{targetId}/attempts': {
    get: authenticatedOperation({
      operationId: 'posts.targetAttempts',
      summary: 'Every call made to the platform for one target',
      description:
        "Needs posts:read. Oldest first: each call with its times, segment, outcome, error and the platform's HTTP status code. " +
        'An unknown post (or one of another workspace) or target answers 404.',
      tags: ['posts'],
      scope: 'posts:read',
      parameters: TARGET_PARAMETERS,
      success: { status: 200, description: 'The calls, oldest first.', schema: schemaRef('PublishAttemptList') },
      errors: POSTS_ERRORS,
    }),
  },
};
