import { type Post } from '../../domain/post/Post';
import { type Review } from '../../domain/post/Review';
import { type TargetChanges } from '../../domain/post/PostInputs';
import { type Target } from '../../domain/post/Target';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { type PostPrecondition } from './PostPrecondition';
import { type PostActor } from './PostRequest';
import { type PostStore } from './PostStore';

/** A reviewer's decision and the post it moved. */
export interface ReviewDecided {
  readonly review: Review;
  readonly post: Post;
}

/** A target after a change, with the post it belongs to (whose version is the target's ETag). */
export interface TargetChanged {
  readonly target: Target;
  readonly post: Post;
}

/** publishNow, remove, review decisions and the per-target operations. */
export class ChangePostLifecycle {
  constructor(
    private readonly store: PostStore,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  /** Its media are checked again: an item deleted while the post was a draft is named (docs/decisions.md, "Media"). */
  publishNow(actor: PostActor, postId: string): Promise<Post> {
    const now = this.clock.now();
    return this.store.modify(actor.workspaceId, postId, now, async (post) => {
      post.publishNow(now, actor.reviewRequired);
      await this.store.checkMedia(post);
      return post;
    });
  }

  /** A contributor removes only their own posts before review lets them through (docs/product.md "Review rules"). */
  remove(actor: PostActor, postId: string, precondition?: PostPrecondition): Promise<boolean> {
    return this.store.remove(actor.workspaceId, postId, (post) => post.ensureRemovableBy(actor), precondition);
  }

  approve(actor: PostActor, postId: string, comment: string | null): Promise<ReviewDecided> {
    return this.decide(actor, postId, (post, now) => post.approve(this.reviewer(actor), now, comment), true);
  }

  requestChanges(actor: PostActor, postId: string, comment: string): Promise<ReviewDecided> {
    return this.decide(actor, postId, (post, now) => post.requestChanges(this.reviewer(actor), comment, now));
  }

  updateTarget(actor: PostActor, postId: string, targetId: string, changes: TargetChanges, precondition?: PostPrecondition): Promise<TargetChanged> {
    const now = this.clock.now();
    return this.store.modify(
      actor.workspaceId,
      postId,
      now,
      async (post) => {
        const connectionOf = await this.store.connectionLookup([post.target(targetId).connectionId]);
        const target = post.updateTarget(targetId, changes, { now, connectionOf, reviewRequired: actor.reviewRequired });
        await this.store.checkMedia(post);
        return { target, post };
      },
      precondition,
    );
  }

  retryTarget(actor: PostActor, postId: string, targetId: string): Promise<TargetChanged> {
    const now = this.clock.now();
    return this.store.modify(actor.workspaceId, postId, now, (post) => ({ target: post.retryTarget(targetId, now), post }));
  }

  /** An approval schedules the post, so its media are checked again, as when publishing now. */
  private decide(actor: PostActor, postId: string, decision: (post: Post, now: Date) => Review, recheckMedia = false): Promise<ReviewDecided> {
    const now = this.clock.now();
    return this.store.modify(actor.workspaceId, postId, now, async (post) => {
      const review = decision(post, now);
      if (recheckMedia) await this.store.checkMedia(post);
      return { review, post };
    });
  }

  private reviewer(actor: PostActor) {
    return { reviewId: this.ids.next(), reviewerUserId: actor.userId };
  }
}
