import { type EntitySchema } from 'typeorm';
import { InboundEventSchema } from './InboundEventSchema';

/** The inbound webhooks capability's entity schemas (listed in ./index.ts). */
// biome-ignore lint/suspicious/noExplicitAny: schemas of different row types in one list, as TypeORM's DataSource takes them
export const WEBHOOK_SCHEMAS: EntitySchema<any>[] = [InboundEventSchema];
