import { type MigrationInterface } from 'typeorm';
import { EmailPreferences1732502000000 } from './1732502000000-EmailPreferences';

/** Email preferences' migrations, oldest first (listed in ./index.ts). */
export const EMAIL_PREFERENCE_MIGRATIONS: Array<new () => MigrationInterface> = [EmailPreferences1732502000000];
