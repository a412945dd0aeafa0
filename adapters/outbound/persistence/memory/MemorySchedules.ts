import { type HeldSlot, type QueueSlots } from '../../../../application/ports/QueueSlots';
import { PostingSchedule } from '../../../../domain/schedule/PostingSchedule';
import { type PostingScheduleRepository } from '../../../../domain/schedule/PostingScheduleRepository';

/** Posting schedules in memory. */
export class MemoryPostingSchedules implements PostingScheduleRepository {
  private readonly byConnection = new Map<string, ReturnType<PostingSchedule['toSnapshot']>>();

  async find(connectionId: string): Promise<PostingSchedule | null> {
    const found = this.byConnection.get(connectionId);
    return found === undefined ? null : PostingSchedule.rehydrate(found);
  }

  async save(schedule: PostingSchedule): Promise<void> {
    this.byConnection.set(schedule.toSnapshot().connectionId, schedule.toSnapshot());
  }
}

/** The pending targets given an instant of their own on a connection (MemoryPostRepository). */
export interface TargetBookings {
  bookedBetween(connectionId: string, from: Date, to: Date): HeldSlot[];
}

/** Held slots in memory, keyed by connection and instant as the table's primary key is. */
export class MemoryQueueSlots implements QueueSlots {
  private readonly held = new Map<string, HeldSlot & { readonly connectionId: string }>();

  constructor(private readonly bookings: TargetBookings) {}

  // Checked and taken in one synchronous step (no await between): of two callers, one wins.
  async claim(hold: { connectionId: string; postId: string; targetId: string }, candidates: readonly Date[]): Promise<Date | null> {
    for (const at of candidates) {
      const key = `${hold.connectionId} ${at.getTime()}`;
      if (this.held.has(key) || [...this.held.values()].some((h) => h.targetId === hold.targetId)) continue;
      this.held.set(key, { connectionId: hold.connectionId, at, postId: hold.postId, targetId: hold.targetId });
      return at;
    }
    return null;
  }

  async heldBetween(connectionId: string, from: Date, to: Date): Promise<HeldSlot[]> {
    const held = [...this.held.values()]
      .filter((h) => h.connectionId === connectionId && h.at >= from && h.at < to)
      .map(({ at, postId, targetId }) => ({ at, postId, targetId }));
    const heldAt = new Set(held.map((h) => h.at.getTime()));
    const booked = this.bookings.bookedBetween(connectionId, from, to).filter((b) => !heldAt.has(b.at.getTime()));
    return [...held, ...booked].sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  async heldBy(postId: string): Promise<HeldSlot[]> {
    return [...this.held.values()].filter((h) => h.postId === postId).map(({ at, targetId }) => ({ at, postId, targetId }));
  }

  async release(targetIds: readonly string[]): Promise<void> {
    for (const [key, held] of this.held) if (targetIds.includes(held.targetId)) this.held.delete(key);
  }
}
