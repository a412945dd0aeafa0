import { type MigrationInterface } from 'typeorm';
import { Media1732420000000 } from './1732420000000-Media';

/** The media library's migrations, oldest first (listed in ./index.ts). */
export const MEDIA_MIGRATIONS: Array<new () => MigrationInterface> = [Media1732420000000];
