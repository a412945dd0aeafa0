import { type MigrationInterface } from 'typeorm';
import { Posts1732340000000 } from './1732340000000-Posts';

/** The posts capability's migrations, oldest first (listed in ./index.ts). */
export const POSTS_MIGRATIONS: Array<new () => MigrationInterface> = [Posts1732340000000];
