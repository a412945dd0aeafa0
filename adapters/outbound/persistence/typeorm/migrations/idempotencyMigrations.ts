import { type MigrationInterface } from 'typeorm';

/** The idempotency capability's migrations, oldest first (listed in ./index.ts). */
export const IDEMPOTENCY_MIGRATIONS: Array<new () => MigrationInterface> = [];
