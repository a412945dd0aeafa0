import { Foundation1732330000000 } from './1732330000000-Foundation';
import { ANALYTICS_MIGRATIONS } from './analyticsMigrations';
import { BILLING_MIGRATIONS } from './billingMigrations';
import { EMAIL_PREFERENCE_MIGRATIONS } from './emailPreferenceMigrations';
import { CONNECTION_MIGRATIONS } from './connectionMigrations';
import { IDEMPOTENCY_MIGRATIONS } from './idempotencyMigrations';
import { MEDIA_MIGRATIONS } from './mediaMigrations';
import { OAUTH_MIGRATIONS } from './oauthMigrations';
import { POST_CALENDAR_MIGRATIONS } from './postCalendarMigrations';
import { POSTS_MIGRATIONS } from './postsMigrations';
import { SANDBOX_MIGRATIONS } from './sandboxMigrations';
import { SIGNING_KEY_MIGRATIONS } from './signingKeyMigrations';
import { TRANSCRIPTION_MIGRATIONS } from './transcriptionMigrations';
import { OUTGOING_WEBHOOK_MIGRATIONS, WEBHOOK_MIGRATIONS } from './webhookMigrations';
import { WORKSPACE_VIEWS_MIGRATIONS } from './workspaceViewsMigrations';

/** Every migration, oldest first; the DataSource applies the pending ones at start. */
export const ALL_MIGRATIONS = [
  Foundation1732330000000,
  ...POSTS_MIGRATIONS,
  ...IDEMPOTENCY_MIGRATIONS,
  ...WEBHOOK_MIGRATIONS,
  ...SANDBOX_MIGRATIONS,
  ...MEDIA_MIGRATIONS,
  ...CONNECTION_MIGRATIONS,
  ...OAUTH_MIGRATIONS,
  ...SIGNING_KEY_MIGRATIONS,
  ...BILLING_MIGRATIONS,
  ...EMAIL_PREFERENCE_MIGRATIONS,
  ...TRANSCRIPTION_MIGRATIONS,
  ...WORKSPACE_VIEWS_MIGRATIONS,
  ...OUTGOING_WEBHOOK_MIGRATIONS,
  ...ANALYTICS_MIGRATIONS,
  ...POST_CALENDAR_MIGRATIONS,
];
