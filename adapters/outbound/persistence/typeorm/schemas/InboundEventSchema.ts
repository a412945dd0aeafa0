import { EntitySchema } from 'typeorm';
import { timestamp, varchar } from './columns';

export interface InboundEventRow {
  /** Who sent it: `stripe`, a platform's name… */
  source: string;
  /** The sender's own id for the event. */
  eventId: string;
  seenAt: Date;
}

export const InboundEventSchema = new EntitySchema<InboundEventRow>({
  name: 'InboundEvent',
  tableName: 'inbound_events',
  columns: {
    source: varchar('source', 64, { primary: true }),
    eventId: varchar('event_id', 255, { primary: true }),
    seenAt: timestamp('seen_at'),
  },
  // Serves forgetSeenBefore.
  indices: [{ name: 'idx_inbound_events_seen_at', columns: ['seenAt'] }],
});
