import { type Post } from '../../domain/post/Post';
import { type TargetInput } from '../../domain/post/PostContent';
import { type PostIntent } from '../../domain/post/PostStatus';

/** A request's target, with its id, and whether it asks for the next free slot. */
export type TargetAsked = TargetInput & { readonly queue?: boolean };

/**
 * What writing a post needs of posting schedules (application/schedules' QueuedTargets): each
 * target asking for it given the next free slot of its connection's schedule, inside the
 * caller's unit of work, the others as they are.
 */
export interface QueuedTimes {
  resolve(input: {
    workspaceId: string;
    postId: string;
    intent: PostIntent | null | undefined;
    targets: readonly TargetAsked[];
    current: Post | null;
    now: Date;
  }): Promise<TargetInput[]>;
}
