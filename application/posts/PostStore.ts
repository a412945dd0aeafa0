import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { checkPostMedia, type MediaInfo } from '../../domain/post/checkPostMedia';
import { type MediaRepository } from '../../domain/media/MediaRepository';
import { type Post } from '../../domain/post/Post';
import { type PostSnapshot } from '../../domain/post/PostSnapshot';
import { type ConnectionLookup, type ConnectionInfo } from '../../domain/post/PostContent';
import { type PostRepository } from '../../domain/post/PostRepository';
import { ValidationProblems } from '../../domain/shared/ValidationProblems';
import { notFound } from '../../domain/shared/DomainError';
import { type EventSink } from '../ports/EventSink';
import { type PublishJob, type PublishQueue } from '../ports/PublishQueue';
import { type QueueSlots } from '../ports/QueueSlots';
import { slotHolders, slotsLetGo } from '../../domain/post/slotHolders';
import { type UnitOfWork } from '../ports/UnitOfWork';
import { assertPreconditionHolds, type PostPrecondition } from './PostPrecondition';

/**
 * What every posts use case does around the aggregate: load it within a workspace, look up
 * the connections its targets name, and store it together with its publishing jobs.
 */
export class PostStore {
  constructor(
    private readonly posts: PostRepository,
    private readonly connections: ConnectionRepository,
    private readonly queue: PublishQueue,
    private readonly unitOfWork: UnitOfWork,
    private readonly media: MediaRepository,
    private readonly events: EventSink,
    private readonly slots: QueueSlots,
  ) {}

  async connectionLookup(connectionIds: readonly string[]): Promise<ConnectionLookup> {
    const found = await this.connections.findByIds([...new Set(connectionIds)]);
    const byId = new Map<string, ConnectionInfo>();
    for (const c of found) {
      if (c.status !== 'disconnected') byId.set(c.id, { platform: c.platform, workspaceId: c.workspaceId });
    }
    return (id) => byId.get(id);
  }

  /**
   * The media a post names, checked against the library and each target's platform (422
   * `invalid_post` naming each item's path): after the aggregate has judged the rest.
   */
  async checkMedia(post: Post): Promise<void> {
    const groups = post.groups.map((g) => g.toSnapshot());
    const ids = groups.flatMap((g) => g.segments.flatMap((s) => s.media.flatMap((m) => [m.id, ...(m.thumbnailMediaId === null ? [] : [m.thumbnailMediaId])])));
    const byId = new Map<string, MediaInfo>();
    for (const item of await this.media.findByIds([...new Set(ids)])) {
      const { workspaceId, status, failureReason, facts } = item.toSnapshot();
      byId.set(item.id, { workspaceId, status, failureReason, facts });
    }
    const problems = new ValidationProblems();
    const targets = post.targets.map((t) => ({ groupId: t.groupId, platform: t.platform }));
    checkPostMedia({ groups, targets }, post.workspaceId, (id) => byId.get(id), problems);
    problems.throwIfAny('invalid_post');
  }

  /** A new post and its jobs, stored together or not at all. */
  add(post: Post, now: Date): Promise<void> {
    return this.unitOfWork.run(() => this.persist(post, now));
  }

  /** Work that reads and writes posts (and the slots of their schedules) as one unit. */
  within<T>(work: () => Promise<T>): Promise<T> {
    return this.unitOfWork.run(work);
  }

  /** Work that reads and writes as one unit and is then undone, whatever it did (UnitOfWork.rehearse). */
  rehearse<T>(work: () => Promise<T>): Promise<T> {
    return this.unitOfWork.rehearse(work);
  }

  /** The slots these targets hold are free again (where nothing rolls back, a refused post's). */
  letGoOfSlots(targetIds: readonly string[]): Promise<void> {
    return this.slots.release(targetIds);
  }

  /**
   * Read, change and save one post as a unit, holding its lock throughout: two changes to
   * the same post run one after the other, so neither silently undoes the other. A client's
   * If-Match (`precondition`) is checked on the post as locked: 412 when it no longer holds.
   */
  modify<T>(workspaceId: string, postId: string, now: Date, change: (post: Post) => T | Promise<T>, precondition?: PostPrecondition): Promise<T> {
    return this.unitOfWork.run(async () => {
      const post = await this.locked(workspaceId, postId);
      assertPreconditionHolds(post, precondition);
      const result = await change(post);
      await this.persist(post, now);
      return result;
    });
  }

  /** Removes the post if `mayRemove` accepts it (and `precondition` holds), under the same lock as a change. */
  remove(workspaceId: string, postId: string, mayRemove: (post: Post) => void, precondition?: PostPrecondition): Promise<boolean> {
    return this.unitOfWork.run(async () => {
      const post = await this.locked(workspaceId, postId);
      assertPreconditionHolds(post, precondition);
      mayRemove(post);
      await this.slots.release([...slotHolders(post)]);
      // Its queued jobs go with it (PostRepository.remove takes everything the post holds);
      // clearing them first would lock the queue before the counts and can deadlock a save.
      return this.posts.remove(post.workspaceId, post.id);
    });
  }

  /**
   * For the publishing engine, which runs its own unit of work: the post locked until that
   * unit ends, or null when it is gone (a worker settles its job rather than failing).
   * `stored`: the post as this engine's last committed save of it left it (an attempt's
   * begin, for its record), taken as it is while the post is still at its version.
   */
  findLocked(workspaceId: string, postId: string, stored?: PostSnapshot): Promise<Post | null> {
    return this.posts.findForUpdate(workspaceId, postId, stored);
  }

  /**
   * For the publishing engine's rounds: the posts of these jobs read and locked in one read,
   * in post id order, by id; a post gone (or of another workspace) is missing. `stored`: as
   * findLocked's, the latest of each post counting.
   */
  async findAllLocked(
    keys: ReadonlyArray<{ readonly workspaceId: string; readonly postId: string }>,
    stored: readonly PostSnapshot[] = [],
  ): Promise<Map<string, Post>> {
    const latest = new Map<string, PostSnapshot>();
    for (const post of stored) if ((latest.get(post.id)?.version ?? -1) < post.version) latest.set(post.id, post);
    const posts = await this.posts.findManyForUpdate(
      keys.map((k) => ({ workspaceId: k.workspaceId, id: k.postId })),
      latest,
    );
    // The events these posts' saves cause look their workspaces' subscribers up once, together.
    await this.events.anticipate([...new Set(posts.map((post) => post.workspaceId))]);
    return new Map(posts.map((post) => [post.id, post]));
  }

  private async locked(workspaceId: string, postId: string): Promise<Post> {
    const post = await this.posts.findForUpdate(workspaceId, postId);
    if (post === null) throw notFound('Post');
    return post;
  }

  /**
   * The post, then the queue brought in step with it: only jobs that changed are written.
   * Inside a unit of work, on a post loaded under lock. A job a worker holds is left to it;
   * that worker names its target as `held`, whose job no statement is sent for at all.
   * The events the post recorded go to the event sink in the same unit of work.
   */
  async persist(post: Post, now: Date, held?: string): Promise<void> {
    const stored = post.persisted;
    const notHeld = (job: PublishJob) => job.targetId !== held;
    const before =
      stored === null ? [] : jobsFor({ workspaceId: post.workspaceId, id: post.id, status: stored.status, targets: stored.targets }, now).filter(notHeld);
    const after = jobsFor(post, now).filter(notHeld);
    await this.events.record(post.workspaceId, post.unsavedEvents, now);
    // Slots of targets that no longer hold them (given a time, published, failed, removed) are free again.
    const letGo = slotsLetGo(post);
    await this.posts.save(post);
    if (letGo.length > 0) await this.slots.release(letGo);
    const queued = new Map(before.map((job) => [job.targetId, job.notBefore.getTime()]));
    await this.queue.enqueue(
      after.filter((job) => queued.get(job.targetId) !== job.notBefore.getTime()),
      now,
    );
    const kept = new Set(after.map((job) => job.targetId));
    await this.queue.cancel(before.filter((job) => !kept.has(job.targetId)).map((job) => job.targetId));
  }
}

/** What the queue needs to know of a post (as it is now, or as it was stored). */
type Queued = Pick<Post, 'workspaceId' | 'id' | 'status' | 'targets'>;

/** A scheduled or publishing post queues each pending target for its time (now when unset). */
export function jobsFor(post: Queued, now: Date): PublishJob[] {
  if (post.status !== 'scheduled' && post.status !== 'publishing') return [];
  return post.targets
    .filter((t) => t.status === 'pending')
    .map((t) => ({ workspaceId: post.workspaceId, postId: post.id, targetId: t.id, notBefore: t.scheduledAt ?? now }));
}
