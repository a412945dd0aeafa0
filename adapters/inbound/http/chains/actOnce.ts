import { type Clock } from '../../../../application/ports/Clock';
import { type InboundEventLog } from '../../../../application/ports/InboundEventLog';

export type Delivery = 'acted' | 'replayed';

/**
 * What a webhook route calls once the event's signature has verified (never before: an
 * unsigned request must not be able to mark a real event id as seen): runs `act` for the
 * first delivery of (source, eventId) and skips it for every later one, which the route
 * still answers 200 so the sender stops retrying. When `act` fails the sighting is forgotten,
 * so the sender's retry is acted on rather than swallowed.
 */
export async function actOnce(events: InboundEventLog, clock: Clock, source: string, eventId: string, act: () => Promise<void>): Promise<Delivery> {
  if (!(await events.firstSighting(source, eventId, clock.now()))) return 'replayed';
  try {
    await act();
  } catch (error) {
    await events.forget(source, eventId);
    throw error;
  }
  return 'acted';
}
