import { type MigrationInterface } from 'typeorm';
import { InboundEvents1732373700000 } from './1732373700000-InboundEvents';

/** The inbound webhooks capability's migrations, oldest first (listed in ./index.ts). */
export const WEBHOOK_MIGRATIONS: Array<new () => MigrationInterface> = [InboundEvents1732373700000];
