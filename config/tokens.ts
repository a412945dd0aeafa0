import { API_KEY_TOKENS } from './capabilities/apiKeys/apiKeys';
import { CONNECTION_TOKENS } from './capabilities/connections/connections';
import { ME_TOKENS } from './capabilities/me/me';
import { POST_TOKENS } from './capabilities/posts/posts';
import { PUBLISHING_TOKENS } from './capabilities/publishing/publishing';
import { ANALYTICS_TOKENS } from './capabilities/analytics/analytics';
import { BILLING_TOKENS } from './capabilities/billing/billing';
import { EMAIL_PREFERENCE_TOKENS } from './capabilities/emailPreferences/emailPreferences';
import { MEDIA_TOKENS } from './capabilities/media/media';
import { OAUTH_TOKENS } from './capabilities/oauth/oauth';
import { SCHEDULE_TOKENS } from './capabilities/schedules/schedules';
import { TRANSCRIPTION_TOKENS } from './capabilities/transcriptions/transcriptions';
import { WEBHOOK_TOKENS } from './capabilities/webhooks/webhooks';
import { WORKSPACE_VIEW_TOKENS } from './capabilities/workspaceViews/workspaceViews';
import { CORE_TOKENS } from './coreTokens';
import { mergeTokens } from './mergeTokens';

/**
 * One typed token per port, adapter setting or use case the composition root binds: the shared
 * ones (coreTokens.ts) and each capability's own, declared in its module (config/capabilities/).
 */
export const TOKENS = mergeTokens(
  CORE_TOKENS,
  ME_TOKENS,
  API_KEY_TOKENS,
  CONNECTION_TOKENS,
  POST_TOKENS,
  PUBLISHING_TOKENS,
  SCHEDULE_TOKENS,
  EMAIL_PREFERENCE_TOKENS,
  WORKSPACE_VIEW_TOKENS,
  TRANSCRIPTION_TOKENS,
  WEBHOOK_TOKENS,
  MEDIA_TOKENS,
  BILLING_TOKENS,
  ANALYTICS_TOKENS,
  OAUTH_TOKENS,
);
