import { Post } from '../../domain/post/Post';
import { type ConnectionLookup } from '../../domain/post/PostContent';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { type PostPrecondition } from './PostPrecondition';
import { type PostActor, type PostRequest, type TargetRequest } from './PostRequest';
import { type PostStore } from './PostStore';
import { type QueuedTimes, type TargetAsked } from './QueuedTimes';

/**
 * posts.create and posts.update: the aggregate judges, the store keeps post and queue in step;
 * a target asking for the next free slot of its connection's schedule gets it first (QueuedTargets).
 */
export class WritePosts {
  constructor(
    private readonly store: PostStore,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly queued: QueuedTimes,
  ) {}

  async create(actor: PostActor, request: PostRequest): Promise<Post> {
    const asked = await this.asked(actor, request);
    // A queued target's slot and the post are written together, or neither (the slot is free again).
    return this.store.within(() => this.made(asked, { keep: true }));
  }

  /**
   * Every check create makes, and the slots its queued targets would take, but nothing stored:
   * the post create would store now. For a rehearsal (PostRehearsal), whose end frees the slots.
   */
  async judge(actor: PostActor, request: PostRequest): Promise<Post> {
    return this.made(await this.asked(actor, request), { keep: false });
  }

  private async asked(actor: PostActor, request: PostRequest): Promise<NewPostAsked> {
    const connectionOf = await this.store.connectionLookup(connectionIds(request.targets));
    return { actor, request, now: this.clock.now(), id: this.ids.next(), connectionOf, targets: request.targets.map((t) => this.withId(t, undefined)) };
  }

  private async made({ actor, request, now, id, connectionOf, targets: asked }: NewPostAsked, { keep }: { keep: boolean }): Promise<Post> {
    const targets = await this.queued.resolve({ workspaceId: actor.workspaceId, postId: id, intent: request.intent, targets: asked, current: null, now });
    try {
      const post = Post.create(
        { ...request, id, workspaceId: actor.workspaceId, authorUserId: actor.userId, source: request.source ?? actor.defaultSource, targets },
        { now, reviewRequired: actor.reviewRequired, connectionOf },
      );
      await this.store.checkMedia(post);
      if (keep) await this.store.persist(post, now);
      return post;
    } catch (error) {
      await this.store.letGoOfSlots(targets.filter((t) => t.queued).map((t) => t.id));
      throw error;
    }
  }

  /** `precondition`: the client's If-Match (412 when the post changed since it was read). */
  async update(actor: PostActor, postId: string, request: PostRequest, precondition?: PostPrecondition): Promise<Post> {
    const now = this.clock.now();
    const connectionOf = await this.store.connectionLookup(connectionIds(request.targets));
    return this.store.modify(
      actor.workspaceId,
      postId,
      now,
      async (post) => {
        // A target for the same account keeps its id across edits, so clients can follow it.
        // Only the first request target of an account inherits it: a second one (refused for
        // naming the account twice) must not also be blamed for a duplicate id it never sent.
        const idByConnection = new Map(post.targets.map((t) => [t.connectionId, t.id]));
        const targets = request.targets.map((t) => {
          const inherited = idByConnection.get(t.connectionId);
          idByConnection.delete(t.connectionId);
          return this.withId(t, inherited);
        });
        const timed = await this.queued.resolve({ workspaceId: actor.workspaceId, postId, intent: request.intent, targets, current: post, now });
        post.update({ ...request, targets: timed }, { now, reviewRequired: actor.reviewRequired, connectionOf });
        await this.store.checkMedia(post);
        return post;
      },
      precondition,
    );
  }

  private withId(target: TargetRequest, existing: string | undefined): TargetAsked {
    return { ...target, id: existing ?? this.ids.next() };
  }
}

/** A create request as it stands before the aggregate judges it: its time, its new ids, the connections it names. */
interface NewPostAsked {
  readonly actor: PostActor;
  readonly request: PostRequest;
  readonly now: Date;
  readonly id: string;
  readonly connectionOf: ConnectionLookup;
  readonly targets: readonly TargetAsked[];
}

const connectionIds = (targets: readonly TargetRequest[]) => targets.map((t) => t.connectionId);
