import { validationError } from '../../domain/shared/DomainError';
import { type PostingSchedule } from '../../domain/schedule/PostingSchedule';
import { type QueueSlots } from '../ports/QueueSlots';

const DAY_MS = 86_400_000;
/** Slots are looked for a month at a time, at most a year ahead. */
const WINDOW_DAYS = 31;
const HORIZON_DAYS = 366;

export interface SlotHold {
  readonly workspaceId: string;
  readonly connectionId: string;
  readonly postId: string;
  readonly targetId: string;
}

/**
 * The earliest slot of a connection's schedule after `after` that no other target holds, taken
 * for the target (QueueSlots decides between two asking at once: the loser takes the next).
 * A schedule whose next year is full is a 422 naming the target's `queue`.
 */
export class NextFreeSlot {
  constructor(private readonly slots: QueueSlots) {}

  async take(schedule: PostingSchedule, hold: SlotHold, after: Date, path: string): Promise<Date> {
    for (let start = after.getTime(); start < after.getTime() + HORIZON_DAYS * DAY_MS; start += WINDOW_DAYS * DAY_MS) {
      const from = new Date(start);
      const to = new Date(start + WINDOW_DAYS * DAY_MS);
      const held = new Set((await this.slots.heldBetween(hold.connectionId, from, to)).map((h) => h.at.getTime()));
      const free = schedule.slotsBetween(from, to).filter((at) => at.getTime() > after.getTime() && !held.has(at.getTime()));
      const taken = free.length === 0 ? null : await this.slots.claim(hold, free);
      if (taken !== null) return taken;
    }
    throw validationError('invalid_post', [{ path, message: `every slot of the connection's posting schedule in the next ${HORIZON_DAYS} days is taken` }]);
  }
}
