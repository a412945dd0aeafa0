import { type MigrationInterface } from 'typeorm';
import { InboundEvents1732373700000 } from './1732373700000-InboundEvents';
import { WebhookSubscriptions1732504000000 } from './1732504000000-WebhookSubscriptions';

/** The inbound webhooks capability's migrations, oldest first (listed in ./index.ts). */
export const WEBHOOK_MIGRATIONS: Array<new () => MigrationInterface> = [InboundEvents1732373700000];

/** Outgoing webhooks (docs/webhooks.md), after every table they refer to. */
export const OUTGOING_WEBHOOK_MIGRATIONS: Array<new () => MigrationInterface> = [WebhookSubscriptions1732504000000];
