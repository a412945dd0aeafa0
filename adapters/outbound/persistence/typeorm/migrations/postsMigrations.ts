import { type MigrationInterface } from 'typeorm';

/** The posts capability's migrations, oldest first (listed in ./index.ts). */
export const POSTS_MIGRATIONS: Array<new () => MigrationInterface> = [];
