import { type MigrationInterface } from 'typeorm';
import { Idempotency1732350000000 } from './1732350000000-Idempotency';
import { IdempotencyResponseEtag1732512000000 } from './1732512000000-IdempotencyResponseEtag';

/** The idempotency capability's migrations, oldest first (listed in ./index.ts). */
export const IDEMPOTENCY_MIGRATIONS: Array<new () => MigrationInterface> = [Idempotency1732350000000, IdempotencyResponseEtag1732512000000];
