import { type Post } from '../../domain/post/Post';
import { type PostingScheduleRepository } from '../../domain/schedule/PostingScheduleRepository';
import { type Clock } from '../ports/Clock';
import { type QueueSlots } from '../ports/QueueSlots';
import { type PostActor } from '../posts/PostRequest';
import { type PostStore } from '../posts/PostStore';
import { type NextFreeSlot } from './NextFreeSlot';
import { slotHolders } from '../../domain/post/slotHolders';

/**
 * `POST …/posts/{id}/requeue`: a waiting post's queued targets move to the next free slot of
 * their connection's schedule as it is now (after the schedule changed, or slots freed up): a
 * slot it holds that the schedule still has is kept unless an earlier one is free; a time the
 * schedule no longer has is left for the schedule's first free slot, earlier or later. Targets
 * with a time of their own stay. A post not waiting for its time is a 409.
 */
export class RequeuePost {
  constructor(
    private readonly store: PostStore,
    private readonly schedules: PostingScheduleRepository,
    private readonly slots: QueueSlots,
    private readonly next: NextFreeSlot,
    private readonly clock: Clock,
  ) {}

  run(actor: PostActor, postId: string): Promise<Post> {
    const now = this.clock.now();
    return this.store.modify(actor.workspaceId, postId, now, async (post) => {
      post.ensureRequeueable();
      const holders = slotHolders(post);
      for (const [i, target] of post.targets.entries()) {
        if (!holders.has(target.id)) continue;
        const schedule = await this.schedules.find(target.connectionId);
        // A schedule emptied since: the target keeps the time it has.
        if (schedule === null || schedule.isEmpty) continue;
        await this.slots.release([target.id]);
        const hold = { workspaceId: post.workspaceId, connectionId: target.connectionId, postId: post.id, targetId: target.id };
        post.requeueTarget(target.id, await this.next.take(schedule, hold, now, `targets[${i}].queue`), now);
      }
      return post;
    });
  }
}
