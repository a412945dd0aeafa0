import { type EntitySchema } from 'typeorm';
import { IdempotencyKeySchema } from './IdempotencyKeySchema';

/** The idempotency capability's entity schemas (listed in ./index.ts). */
// biome-ignore lint/suspicious/noExplicitAny: schemas of different row types in one list, as TypeORM's DataSource takes them
export const IDEMPOTENCY_SCHEMAS: EntitySchema<any>[] = [IdempotencyKeySchema];
