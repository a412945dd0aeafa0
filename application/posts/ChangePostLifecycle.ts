import { type Post } from '../../domain/post/Post';
import { type Target } from '../../domain/post/Target';
import { type TargetChanges } from '../../domain/post/PostInputs';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { type PostActor } from './PostRequest';
import { type PostStore } from './PostStore';

/** publishNow, remove, review decisions and the per-target operations. */
export class ChangePostLifecycle {
  constructor(
    private readonly store: PostStore,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async publishNow(actor: PostActor, postId: string): Promise<Post> {
    return this.change(actor, postId, (post, now) => post.publishNow(now, actor.reviewRequired));
  }

  async remove(actor: PostActor, postId: string): Promise<boolean> {
    const post = await this.store.load(actor.workspaceId, postId);
    post.ensureRemovable();
    return this.store.remove(post);
  }

  async approve(actor: PostActor, postId: string, comment: string | null): Promise<Post> {
    return this.change(actor, postId, (post, now) => post.approve(this.reviewer(actor), now, comment));
  }

  async requestChanges(actor: PostActor, postId: string, comment: string): Promise<Post> {
    return this.change(actor, postId, (post, now) => post.requestChanges(this.reviewer(actor), comment, now));
  }

  async updateTarget(actor: PostActor, postId: string, targetId: string, changes: TargetChanges): Promise<Target> {
    const post = await this.store.load(actor.workspaceId, postId);
    const connectionOf = await this.store.connectionLookup([post.target(targetId).connectionId]);
    const now = this.clock.now();
    const target = post.updateTarget(targetId, changes, { now, connectionOf });
    await this.store.save(post, now);
    return target;
  }

  async retryTarget(actor: PostActor, postId: string, targetId: string): Promise<Target> {
    const now = this.clock.now();
    const post = await this.store.load(actor.workspaceId, postId);
    const target = post.retryTarget(targetId, now);
    await this.store.save(post, now);
    return target;
  }

  private async change(actor: PostActor, postId: string, apply: (post: Post, now: Date) => void): Promise<Post> {
    const now = this.clock.now();
    const post = await this.store.load(actor.workspaceId, postId);
    apply(post, now);
    await this.store.save(post, now);
    return post;
  }

  private reviewer(actor: PostActor) {
    return { reviewId: this.ids.next(), reviewerUserId: actor.userId };
  }
}
