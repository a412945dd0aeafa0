import { type MigrationInterface } from 'typeorm';
import { OAuthServer1732480000000 } from './1732480000000-OAuthServer';

/** The authorization server's migrations, oldest first (listed in ./index.ts). */
export const OAUTH_MIGRATIONS: Array<new () => MigrationInterface> = [OAuthServer1732480000000];
