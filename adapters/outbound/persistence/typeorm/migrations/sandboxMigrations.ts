import { type MigrationInterface } from 'typeorm';
import { SandboxPlatform1732410000000 } from './1732410000000-SandboxPlatform';

/** The sandbox platform's migrations, oldest first (listed in ./index.ts). */
export const SANDBOX_MIGRATIONS: Array<new () => MigrationInterface> = [SandboxPlatform1732410000000];
