import { type Post } from '../../domain/post/Post';
import { type Review } from '../../domain/post/Review';
import { type TargetChanges } from '../../domain/post/PostInputs';
import { type Target } from '../../domain/post/Target';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { type PostActor } from './PostRequest';
import { type PostStore } from './PostStore';

/** A reviewer's decision and the post it moved. */
export interface ReviewDecided {
  readonly review: Review;
  readonly post: Post;
}

/** publishNow, remove, review decisions and the per-target operations. */
export class ChangePostLifecycle {
  constructor(
    private readonly store: PostStore,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  publishNow(actor: PostActor, postId: string): Promise<Post> {
    return this.change(actor, postId, (post, now) => post.publishNow(now, actor.reviewRequired));
  }

  remove(actor: PostActor, postId: string): Promise<boolean> {
    return this.store.remove(actor.workspaceId, postId, (post) => post.ensureRemovable());
  }

  approve(actor: PostActor, postId: string, comment: string | null): Promise<ReviewDecided> {
    return this.decide(actor, postId, (post, now) => post.approve(this.reviewer(actor), now, comment));
  }

  requestChanges(actor: PostActor, postId: string, comment: string): Promise<ReviewDecided> {
    return this.decide(actor, postId, (post, now) => post.requestChanges(this.reviewer(actor), comment, now));
  }

  updateTarget(actor: PostActor, postId: string, targetId: string, changes: TargetChanges): Promise<Target> {
    const now = this.clock.now();
    return this.store.modify(actor.workspaceId, postId, now, async (post) => {
      const connectionOf = await this.store.connectionLookup([post.target(targetId).connectionId]);
      return post.updateTarget(targetId, changes, { now, connectionOf, reviewRequired: actor.reviewRequired });
    });
  }

  retryTarget(actor: PostActor, postId: string, targetId: string): Promise<Target> {
    const now = this.clock.now();
    return this.store.modify(actor.workspaceId, postId, now, (post) => post.retryTarget(targetId, now));
  }

  private change(actor: PostActor, postId: string, apply: (post: Post, now: Date) => void): Promise<Post> {
    const now = this.clock.now();
    return this.store.modify(actor.workspaceId, postId, now, (post) => {
      apply(post, now);
      return post;
    });
  }

  private decide(actor: PostActor, postId: string, decision: (post: Post, now: Date) => Review): Promise<ReviewDecided> {
    const now = this.clock.now();
    return this.store.modify(actor.workspaceId, postId, now, (post) => ({ review: decision(post, now), post }));
  }

  private reviewer(actor: PostActor) {
    return { reviewId: this.ids.next(), reviewerUserId: actor.userId };
  }
}
