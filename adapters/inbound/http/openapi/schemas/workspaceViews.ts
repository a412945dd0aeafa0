import { POST_STATUSES } from '../../../../../domain/post/PostStatus';
import { SETUP_STEP_VALUES, SETUP_STEPS_MAX } from '../../../../../domain/workspace/SetupSteps';
import { OVERVIEW_CONNECTIONS, OVERVIEW_FAILED, OVERVIEW_UPCOMING } from '../../../../../application/workspaceViews/GetWorkspaceOverview';
import { schemaRef } from '../refs';
import { type SchemaMap } from '../types';
import { arrayOf, closedObject, id, nullable, timestamp } from './building';
import { platformRef } from './enums';

const stepsMap = {
  type: 'object',
  maxProperties: SETUP_STEPS_MAX,
  patternProperties: { '^[a-z0-9_-]{1,64}$': { type: 'string', enum: [...SETUP_STEP_VALUES] } },
  additionalProperties: false,
  description: `Step name (1 to 64 characters of a-z, 0-9, _ and -) to completed or skipped; at most ${SETUP_STEPS_MAX} per workspace.`,
} as const;

const count = { type: 'integer', minimum: 0 } as const;

/** GET and PATCH /v1/me/setup/{workspaceId}, GET /v1/me/overview/{workspaceId} (docs/account.md). */
export const workspaceViewSchemas: SchemaMap = {
  SetupStatus: closedObject({
    description:
      'A workspace\'s onboarding (docs/product.md, "Setup status"): outstandingAction is connect_account without an active connection, ' +
      'else complete_payment while its plan is not paid where the service takes payment (a payment provider configured; never on an install ' +
      'without one, the test-mode checkout included), else null; onboardingComplete is true when nothing is outstanding.',
    properties: {
      workspaceId: id,
      connectedPlatforms: arrayOf(platformRef, 'Platforms of the active connections, each once, sorted.'),
      subscription: closedObject({
        description: "The workspace's plan; without a subscription: plan free, status none, paid false.",
        properties: {
          plan: { type: 'string' },
          status: { type: 'string', description: "The payment provider's status (active, trialing, past_due, unpaid, canceled, …) or none." },
          paid: { type: 'boolean', description: 'True when active or trialing.' },
        },
      }),
      optionalSteps: { ...stepsMap, description: 'What PATCH wrote, merged over time.' },
      outstandingAction: { type: ['string', 'null'], enum: ['connect_account', 'complete_payment', null] },
      onboardingComplete: { type: 'boolean' },
    },
  }),
  UpdateSetupRequest: closedObject({
    description: 'Merged into the stored steps: the steps given are set, the others kept.',
    properties: { optionalSteps: stepsMap },
  }),
  SetupUpdated: closedObject({ properties: { updated: { type: 'boolean', const: true } } }),
  OverviewUpcomingTarget: closedObject({
    description: 'A pending target of a scheduled or publishing post.',
    properties: { postId: id, targetId: id, connectionId: id, platform: platformRef, scheduledAt: timestamp },
  }),
  OverviewFailedTarget: closedObject({
    description: 'A failed target, with the reason the platform or the worker gave.',
    properties: {
      postId: id,
      targetId: id,
      connectionId: id,
      platform: platformRef,
      error: nullable({ type: 'string' }),
      failedAt: { ...timestamp, description: "When the target's post last changed: the failure, or a later change of another target." },
    },
  }),
  WorkspaceOverview: closedObject({
    description: "A workspace's command centre in one call, from a fixed number of queries whatever it holds.",
    properties: {
      workspaceId: id,
      posts: closedObject({
        description: 'How many posts the workspace holds, in all and per status (every status present, 0 when none).',
        properties: {
          total: count,
          byStatus: closedObject({ properties: Object.fromEntries(POST_STATUSES.map((status) => [status, count])) }),
        },
      }),
      upcoming: arrayOf(schemaRef('OverviewUpcomingTarget'), `The next ${OVERVIEW_UPCOMING} targets to go out, soonest first (ties by target id).`),
      recentFailures: arrayOf(schemaRef('OverviewFailedTarget'), `The ${OVERVIEW_FAILED} most recent failed targets, newest first.`),
      connections: closedObject({
        description: `The workspace's connections with their health (status, statusReason, lastError): the first ${OVERVIEW_CONNECTIONS}, oldest first, and how many in all.`,
        properties: { total: count, data: arrayOf(schemaRef('Connection')) },
      }),
      setup: schemaRef('SetupStatus'),
      membersCount: count,
    },
  }),
};
