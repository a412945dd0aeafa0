import { assembleDocument, type ApiFragment } from './openapi/assemble';
import { API_KEY_OPERATIONS } from './operations/apiKeyOperations';
import { billingPaths } from './openapi/paths/billing';
import { CONNECTION_OPERATIONS } from './operations/connectionOperations';
import { discoveryPaths } from './openapi/paths/discovery';
import { healthPaths } from './openapi/paths/health';
import { mediaPaths } from './openapi/paths/media';
import { MEDIA_OPERATIONS } from './operations/mediaOperations';
import { MEDIA_UPLOAD_OPERATIONS } from './operations/mediaUploadOperations';
import { EMAIL_PREFERENCE_OPERATIONS, ME_OPERATIONS } from './operations/meOperations';
import { CHECKOUT_OPERATIONS } from './operations/checkoutOperations';
import { oauthPaths } from './openapi/paths/oauth';
import { POST_OPERATIONS } from './operations/postOperations';
import { POST_REVIEW_OPERATIONS } from './operations/postReviewOperations';
import { POST_TARGET_OPERATIONS } from './operations/postTargetOperations';
import { TARGET_ATTEMPT_OPERATIONS } from './operations/targetAttemptOperations';
import { TRANSCRIPTION_OPERATIONS } from './operations/transcriptionOperations';
import { apiKeySchemas } from './openapi/schemas/apiKeys';
import { billingSchemas } from './openapi/schemas/billing';
import { connectionSchemas } from './openapi/schemas/connections';
import { discoverySchemas } from './openapi/schemas/discovery';
import { enumSchemas } from './openapi/schemas/enums';
import { errorSchemas } from './openapi/schemas/error';
import { healthSchemas } from './openapi/schemas/health';
import { mediaSchemas } from './openapi/schemas/media';
import { meSchemas } from './openapi/schemas/me';
import { emailPreferenceSchemas } from './openapi/schemas/emailPreferences';
import { oauthSchemas } from './openapi/schemas/oauth';
import { postSchemas } from './openapi/schemas/posts';
import { targetAttemptSchemas } from './openapi/schemas/targetAttempts';
import { transcriptionSchemas } from './openapi/schemas/transcriptions';
import { WORKSPACE_VIEW_OPERATIONS } from './operations/workspaceViewOperations';
import { workspaceViewSchemas } from './openapi/schemas/workspaceViews';
import { WEBHOOK_OPERATIONS } from './operations/webhookOperations';
import { openApiPaths } from './operations/openApiPaths';
import { SCHEDULE_OPERATIONS } from './operations/scheduleOperations';
import { ANALYTICS_OPERATIONS } from './operations/analyticsOperations';
import { analyticsSchemas } from './openapi/schemas/analytics';
import { POSTS_CSV_OPERATIONS } from './operations/postsCsvOperations';
import { POSTS_VALIDATE_OPERATIONS } from './operations/postsValidateOperations';
import { postsImportExportSchemas } from './openapi/schemas/postsImportExport';
import { scheduleSchemas } from './openapi/schemas/schedules';
import { webhookSchemas } from './openapi/schemas/webhooks';
import { webhookEventOperations, webhookEventSchemas } from './openapi/schemas/webhookEvents';
import { mcpPaths } from './openapi/paths/mcp';
import { mcpSchemas } from './openapi/schemas/mcp';

/**
 * Every operation the service implements. The API's operations are declared once, with their
 * handlers, in ../operations/ (an ApiOperation each; openApiPaths describes them); the
 * endpoints of the other surfaces (health, discovery, OAuth, the signed file links, Stripe's
 * events, MCP) are described in paths/. A new feature's schemas go in schemas/<feature>.ts,
 * and its fragment `{ tag, schemas, paths }` here.
 */
const FRAGMENTS: readonly ApiFragment[] = [
  { schemas: errorSchemas },
  { schemas: enumSchemas },
  { tag: { name: 'health', description: 'Liveness and readiness; no credential.' }, schemas: healthSchemas, paths: healthPaths },
  { tag: { name: 'discovery', description: 'Metadata documents; no credential.' }, schemas: discoverySchemas, paths: discoveryPaths },
  {
    tag: {
      name: 'oauth',
      description:
        "The authorization server's form endpoints: urlencoded bodies, OAuth error bodies ({error, error_description}), no-store; no bearer credential.",
    },
    schemas: oauthSchemas,
    paths: oauthPaths,
  },
  { tag: { name: 'me', description: 'The authenticated user.' }, schemas: meSchemas, paths: openApiPaths(ME_OPERATIONS) },
  { schemas: emailPreferenceSchemas, paths: openApiPaths(EMAIL_PREFERENCE_OPERATIONS) },
  {
    tag: { name: 'connections', description: 'Connected social accounts of a workspace.' },
    schemas: connectionSchemas,
    paths: openApiPaths(CONNECTION_OPERATIONS),
  },
  { tag: { name: 'apiKeys', description: 'API keys of a workspace.' }, schemas: apiKeySchemas, paths: openApiPaths(API_KEY_OPERATIONS) },
  {
    tag: { name: 'posts', description: 'Posts of a workspace: content groups, targets on connected accounts, the lifecycle and reviews.' },
    schemas: postSchemas,
    paths: openApiPaths([...POST_OPERATIONS, ...POST_TARGET_OPERATIONS, ...POST_REVIEW_OPERATIONS]),
  },
  { schemas: targetAttemptSchemas, paths: openApiPaths(TARGET_ATTEMPT_OPERATIONS) },
  { schemas: postsImportExportSchemas, paths: openApiPaths([...POSTS_VALIDATE_OPERATIONS, ...POSTS_CSV_OPERATIONS]) },
  {
    tag: {
      name: 'schedules',
      description: 'Posting schedules: each connection\'s weekly slots, and the next free slot a queued post takes (docs/posts.md, "Posting schedules").',
    },
    schemas: scheduleSchemas,
    paths: openApiPaths(SCHEDULE_OPERATIONS),
  },
  {
    tag: {
      name: 'analytics',
      description:
        "Published posts' figures (likes, reposts, replies, quotes, saves, views, clicks) as the workers collect them from each platform, and the workspace's sums over a range (docs/analytics.md).",
    },
    schemas: analyticsSchemas,
    paths: openApiPaths(ANALYTICS_OPERATIONS),
  },
  {
    tag: {
      name: 'media',
      description:
        "The workspace's media library: images and videos uploaded, imported from a URL or sent in parts, inspected from their bytes, and the signed links to their files.",
    },
    schemas: mediaSchemas,
    paths: { ...openApiPaths([...MEDIA_OPERATIONS, ...MEDIA_UPLOAD_OPERATIONS]), ...mediaPaths },
  },
  {
    tag: { name: 'billing', description: "Checkout and the payment provider's events (docs/account.md)." },
    schemas: billingSchemas,
    paths: { ...openApiPaths(CHECKOUT_OPERATIONS), ...billingPaths },
  },
  {
    tag: { name: 'transcriptions', description: "A person's reel transcriptions and their quota." },
    schemas: transcriptionSchemas,
    paths: openApiPaths(TRANSCRIPTION_OPERATIONS),
  },
  { schemas: workspaceViewSchemas, paths: openApiPaths(WORKSPACE_VIEW_OPERATIONS) },
  {
    tag: {
      name: 'webhooks',
      description:
        'Signed events for every publishing outcome (Standard Webhooks), so no client has to poll: subscriptions, their delivery logs, retries and test events (docs/webhooks.md).',
    },
    schemas: { ...webhookSchemas, ...webhookEventSchemas },
    paths: openApiPaths(WEBHOOK_OPERATIONS),
    webhooks: webhookEventOperations,
  },
  {
    tag: {
      name: 'mcp',
      description:
        "The MCP server for agents (docs/agents.md): JSON-RPC over the Streamable HTTP transport, its tools calling the API's operations with the same scopes.",
    },
    schemas: mcpSchemas,
    paths: mcpPaths,
  },
];

/** The OpenAPI 3.1.0 description served at GET /openapi.json. */
export const OPENAPI_DOCUMENT = assembleDocument({
  info: {
    title: 'Dispatch API',
    version: '1.0.0',
    description:
      'Compose posts and publish or schedule them to connected social accounts, within workspaces. ' +
      'Every object rejects unknown properties. Errors share one body (components.schemas.Error); ' +
      'every response carries X-Request-Id, and every one but /health the RateLimit headers.',
  },
  fragments: FRAGMENTS,
});
