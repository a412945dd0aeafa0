import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { checkSlotRange, PostingSchedule } from '../../domain/schedule/PostingSchedule';
import { type PostingScheduleRepository } from '../../domain/schedule/PostingScheduleRepository';
import { notFound } from '../../domain/shared/DomainError';
import { type Clock } from '../ports/Clock';
import { type HeldSlot, type QueueSlots } from '../ports/QueueSlots';

/** The longest range of slots one request lists. */
export const MAX_SLOT_RANGE_DAYS = 31;

/** A slot of the schedule and the post and target holding it, if any. */
export interface ListedSlot {
  readonly at: Date;
  readonly holder: Omit<HeldSlot, 'at'> | null;
}

/**
 * A connection's posting schedule (docs/decisions.md, "Posting schedules"): read (the empty
 * schedule by default), replaced, and its slots listed over a range with who holds each.
 * Changing a schedule moves no queued post: `POST …/posts/{id}/requeue` does, when asked.
 */
export class PostingSchedules {
  constructor(
    private readonly connections: ConnectionRepository,
    private readonly schedules: PostingScheduleRepository,
    private readonly slots: QueueSlots,
    private readonly clock: Clock,
  ) {}

  async get(workspaceId: string, connectionId: string): Promise<PostingSchedule> {
    await this.connectionIn(workspaceId, connectionId);
    return (await this.schedules.find(connectionId)) ?? PostingSchedule.empty(connectionId);
  }

  async replace(workspaceId: string, connectionId: string, body: { timeZone: unknown; slots: unknown }): Promise<PostingSchedule> {
    await this.connectionIn(workspaceId, connectionId);
    const schedule = PostingSchedule.create({ connectionId, ...body, now: this.clock.now() });
    await this.schedules.save(schedule);
    return schedule;
  }

  async slotsBetween(workspaceId: string, connectionId: string, from: Date, to: Date): Promise<ListedSlot[]> {
    checkSlotRange(from, to, MAX_SLOT_RANGE_DAYS);
    const schedule = await this.get(workspaceId, connectionId);
    const held = new Map((await this.slots.heldBetween(connectionId, from, to)).map(({ at, ...holder }) => [at.getTime(), holder]));
    return schedule.slotsBetween(from, to).map((at) => ({ at, holder: held.get(at.getTime()) ?? null }));
  }

  private async connectionIn(workspaceId: string, connectionId: string): Promise<void> {
    const connection = await this.connections.findById(connectionId);
    if (connection === null || connection.workspaceId !== workspaceId) throw notFound('Connection');
  }
}
