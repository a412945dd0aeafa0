/**
 * The events other services have delivered to us (webhooks), remembered by the sender's own
 * event id so a redelivered or replayed event is acted on once. Shared by every instance.
 */
export interface InboundEventLog {
  /**
   * Records (source, eventId) as seen at `now`; true only for the first caller, atomically
   * (of two concurrent deliveries of one event exactly one gets true, on any instance).
   */
  firstSighting(source: string, eventId: string, now: Date): Promise<boolean>;
  /** Forgets one sighting, so the sender's retry of an event whose handling failed is acted on. */
  forget(source: string, eventId: string): Promise<void>;
  /** Forgets sightings older than `cutoff` (kept no longer than senders retry); returns how many. */
  forgetSeenBefore(cutoff: Date): Promise<number>;
}
