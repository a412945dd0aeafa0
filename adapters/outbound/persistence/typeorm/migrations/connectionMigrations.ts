import { type MigrationInterface } from 'typeorm';
import { ConnectionCredentials1732430000000 } from './1732430000000-ConnectionCredentials';

/** The connected accounts' migrations beyond the foundation, oldest first (listed in ./index.ts). */
export const CONNECTION_MIGRATIONS: Array<new () => MigrationInterface> = [ConnectionCredentials1732430000000];
