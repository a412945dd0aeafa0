import { type MigrationInterface } from 'typeorm';
import { Billing1732490000000 } from './1732490000000-Billing';

/** The account surface's migrations, oldest first (listed in ./index.ts). */
export const BILLING_MIGRATIONS: Array<new () => MigrationInterface> = [Billing1732490000000];
