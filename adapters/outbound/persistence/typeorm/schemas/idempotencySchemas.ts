import { type EntitySchema } from 'typeorm';
import { IdempotencyKeySchema } from './IdempotencyKeySchema';

/** The idempotency capability's entity schemas (listed in ./index.ts). */
export const IDEMPOTENCY_SCHEMAS: EntitySchema<any>[] = [IdempotencyKeySchema];
