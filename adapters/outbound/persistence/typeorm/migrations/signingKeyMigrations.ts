import { type MigrationInterface } from 'typeorm';
import { SigningKeyRotation1732481000000 } from './1732481000000-SigningKeyRotation';

/** The signing keys' migrations after the Foundation, oldest first (listed in ./index.ts). */
export const SIGNING_KEY_MIGRATIONS: Array<new () => MigrationInterface> = [SigningKeyRotation1732481000000];
