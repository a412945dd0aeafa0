import { Post } from '../../domain/post/Post';
import { type TargetInput } from '../../domain/post/PostContent';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { type PostPrecondition } from './PostPrecondition';
import { type PostActor, type PostRequest, type TargetRequest } from './PostRequest';
import { type PostStore } from './PostStore';

/** posts.create and posts.update: the aggregate judges, the store keeps post and queue in step. */
export class WritePosts {
  constructor(
    private readonly store: PostStore,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async create(actor: PostActor, request: PostRequest): Promise<Post> {
    const now = this.clock.now();
    const post = Post.create(
      {
        ...request,
        id: this.ids.next(),
        workspaceId: actor.workspaceId,
        authorUserId: actor.userId,
        source: request.source ?? actor.defaultSource,
        targets: request.targets.map((t) => this.withId(t, undefined)),
      },
      { now, reviewRequired: actor.reviewRequired, connectionOf: await this.store.connectionLookup(connectionIds(request.targets)) },
    );
    await this.store.checkMedia(post);
    await this.store.add(post, now);
    return post;
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
        post.update({ ...request, targets }, { now, reviewRequired: actor.reviewRequired, connectionOf });
        await this.store.checkMedia(post);
        return post;
      },
      precondition,
    );
  }

  private withId(target: TargetRequest, existing: string | undefined): TargetInput {
    return { ...target, id: existing ?? this.ids.next() };
  }
}

const connectionIds = (targets: readonly TargetRequest[]) => targets.map((t) => t.connectionId);
