import { type MigrationInterface } from 'typeorm';
import { Transcriptions1732503000000 } from './1732503000000-Transcriptions';

/** Transcriptions and their quota's usage, oldest first (listed in ./index.ts). */
export const TRANSCRIPTION_MIGRATIONS: Array<new () => MigrationInterface> = [Transcriptions1732503000000];
