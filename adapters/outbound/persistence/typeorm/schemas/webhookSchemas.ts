import { type EntitySchema } from 'typeorm';
import { InboundEventSchema } from './InboundEventSchema';

/** The inbound webhooks capability's entity schemas (listed in ./index.ts). */
export const WEBHOOK_SCHEMAS: EntitySchema<any>[] = [InboundEventSchema];
