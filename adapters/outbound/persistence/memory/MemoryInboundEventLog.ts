import { type InboundEventLog } from '../../../../application/ports/InboundEventLog';

/**
 * Sightings in this process: for a single instance and the unit tests. `firstSighting` reads
 * and writes with no await in between, so it is atomic on Node's one thread.
 */
export class MemoryInboundEventLog implements InboundEventLog {
  private readonly seenAt = new Map<string, number>();

  async firstSighting(source: string, eventId: string, now: Date): Promise<boolean> {
    const id = idOf(source, eventId);
    if (this.seenAt.has(id)) return false;
    this.seenAt.set(id, now.getTime());
    return true;
  }

  async forget(source: string, eventId: string): Promise<void> {
    this.seenAt.delete(idOf(source, eventId));
  }

  async forgetSeenBefore(cutoff: Date): Promise<number> {
    let forgotten = 0;
    for (const [id, seenAtMs] of this.seenAt) {
      if (seenAtMs < cutoff.getTime()) {
        this.seenAt.delete(id);
        forgotten++;
      }
    }
    return forgotten;
  }
}

// JSON keeps the pair unambiguous whatever characters either part holds.
const idOf = (source: string, eventId: string): string => JSON.stringify([source, eventId]);
