import { type Post } from '../../domain/post/Post';
import { type TargetInput } from '../../domain/post/PostContent';
import { type PostIntent } from '../../domain/post/PostStatus';
import { ValidationProblems } from '../../domain/shared/ValidationProblems';
import { type PostingScheduleRepository } from '../../domain/schedule/PostingScheduleRepository';
import { type QueueSlots } from '../ports/QueueSlots';
import { type QueuedTimes, type TargetAsked } from '../posts/QueuedTimes';
import { type NextFreeSlot } from './NextFreeSlot';
import { slotHolders } from '../../domain/post/slotHolders';

export type { TargetAsked };

/**
 * Gives each target that asks for it (`"scheduledAt": null, "queue": true`) the next free slot
 * of its connection's schedule, inside the caller's unit of work (docs/decisions.md, "Posting
 * schedules"). A target of `current` that already holds a slot still to come keeps it: editing
 * a queued post never moves it (requeueing does). Every problem is one 422 `invalid_post`.
 */
export class QueuedTargets implements QueuedTimes {
  constructor(
    private readonly schedules: PostingScheduleRepository,
    private readonly slots: QueueSlots,
    private readonly next: NextFreeSlot,
  ) {}

  async resolve(input: {
    workspaceId: string;
    postId: string;
    intent: PostIntent | null | undefined;
    targets: readonly TargetAsked[];
    current: Post | null;
    now: Date;
  }): Promise<TargetInput[]> {
    const { targets, now } = input;
    const problems = new ValidationProblems();
    targets.forEach((t, i) => {
      if (t.queue !== true) return;
      if (t.scheduledAt !== null) problems.add(`targets[${i}].queue`, 'a queued target takes no scheduledAt: the service picks its time (send null)');
      if (input.intent !== 'schedule') problems.add(`targets[${i}].queue`, 'queueing is for posts to schedule: send "intent": "schedule"');
    });
    problems.throwIfAny('invalid_post');
    const holding = input.current === null ? new Set<string>() : slotHolders(input.current);
    const held = new Map((input.current === null ? [] : await this.slots.heldBy(input.current.id)).map((h) => [h.targetId, h.at]));
    const resolved: TargetInput[] = [];
    for (const [i, t] of targets.entries()) {
      const { queue: _asked, ...target } = t;
      if (t.queue !== true) {
        resolved.push(target);
        continue;
      }
      const kept = holding.has(t.id) ? held.get(t.id) : undefined;
      if (kept !== undefined && kept > now && input.current?.target(t.id).connectionId === t.connectionId) {
        resolved.push({ ...target, scheduledAt: kept, queued: true });
        continue;
      }
      const schedule = await this.schedules.find(t.connectionId);
      const path = `targets[${i}].queue`;
      if (schedule === null || schedule.isEmpty) {
        problems.add(path, 'the connection has no posting schedule: set one with PUT …/connections/{id}/schedule, or give a scheduledAt');
        continue;
      }
      // Only a slot it holds is let go: deleting nothing would still lock a gap on MySQL, and deadlock claims.
      if (held.has(t.id)) await this.slots.release([t.id]);
      const at = await this.next.take(
        schedule,
        { workspaceId: input.workspaceId, connectionId: t.connectionId, postId: input.postId, targetId: t.id },
        now,
        path,
      );
      resolved.push({ ...target, scheduledAt: at, queued: true });
    }
    problems.throwIfAny('invalid_post');
    return resolved;
  }
}
