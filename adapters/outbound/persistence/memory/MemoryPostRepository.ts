import { type HeldSlot } from '../../../../application/ports/QueueSlots';
import { BOOKING_POST_STATUSES } from '../../../../domain/post/slotHolders';
import { Post } from '../../../../domain/post/Post';
import { earliestCalendarTime, filtersTargets, targetMatches } from '../../../../domain/post/PostCalendar';
import { type PostListQuery, type PostRepository } from '../../../../domain/post/PostRepository';
import { type PostSnapshot } from '../../../../domain/post/PostSnapshot';
import { type Review } from '../../../../domain/post/Review';
import { copyOf } from './ordering';

type RemovalListener = (workspaceId: string, postId: string) => void;

/** Posts as snapshots in a map; every read rehydrates a fresh aggregate, as a database would. */
export class MemoryPostRepository implements PostRepository {
  private readonly byId = new Map<string, PostSnapshot>();
  private readonly reviewsOf = new Map<string, Review[]>();
  private readonly removalListeners: RemovalListener[] = [];

  async save(post: Post): Promise<void> {
    const snapshot = { ...copyOf(post.toSnapshot()), version: post.version + 1 };
    this.byId.set(snapshot.id, snapshot);
    // The database returns reviews by time, ties by id; storing them so keeps both adapters alike.
    const reviews = [...(this.reviewsOf.get(snapshot.id) ?? []), ...copyOf([...post.unsavedReviews])];
    this.reviewsOf.set(snapshot.id, reviews.sort(oldestReviewFirst));
    post.markSaved();
  }

  async findById(workspaceId: string, id: string): Promise<Post | null> {
    const snapshot = this.byId.get(id);
    return snapshot === undefined || snapshot.workspaceId !== workspaceId ? null : Post.rehydrate(copyOf(snapshot));
  }

  /** One thread, no interleaving within a change: nothing to lock. */
  findForUpdate(workspaceId: string, id: string): Promise<Post | null> {
    return this.findById(workspaceId, id);
  }

  async findManyForUpdate(keys: ReadonlyArray<{ readonly workspaceId: string; readonly id: string }>): Promise<Post[]> {
    const found = await Promise.all(keys.map((k) => this.findById(k.workspaceId, k.id)));
    return found.filter((post): post is Post => post !== null);
  }

  async list(query: PostListQuery): Promise<{ items: Post[]; total: number }> {
    const filter = filtersTargets(query.targets) ? query.targets : undefined;
    const matching = [...this.byId.values()].filter(
      (p) =>
        p.workspaceId === query.workspaceId &&
        (query.status === undefined || p.status === query.status) &&
        (filter === undefined || p.targets.some((t) => targetMatches(t, filter))),
    );
    if (query.sort === 'scheduledAt') sortByCalendar(matching, (p) => earliestCalendarTime(p.targets, filter));
    else matching.sort(newestFirst);
    const page = query.limit <= 0 ? [] : matching.slice(query.offset, query.offset + query.limit);
    return { items: page.map((p) => Post.rehydrate(copyOf(p))), total: matching.length };
  }

  /** The pending targets due on a connection in [from, to), of posts that take their instant (QueueSlots.heldBetween). */
  bookedBetween(connectionId: string, from: Date, to: Date): HeldSlot[] {
    return [...this.byId.values()]
      .filter((p) => BOOKING_POST_STATUSES.includes(p.status))
      .flatMap((p) =>
        p.targets
          .filter((t) => t.connectionId === connectionId && (t.status === 'pending' || t.status === 'publishing') && t.scheduledAt !== null)
          .filter((t) => t.scheduledAt! >= from && t.scheduledAt! < to)
          .map((t) => ({ at: new Date(t.scheduledAt!), postId: p.id, targetId: t.id })),
      );
  }

  async listReviews(workspaceId: string, postId: string): Promise<Review[] | null> {
    if (this.byId.get(postId)?.workspaceId !== workspaceId) return null;
    return copyOf(this.reviewsOf.get(postId) ?? []);
  }

  async remove(workspaceId: string, id: string): Promise<boolean> {
    if (this.byId.get(id)?.workspaceId !== workspaceId) return false;
    this.byId.delete(id);
    this.reviewsOf.delete(id);
    for (const listener of this.removalListeners) listener(workspaceId, id);
    return true;
  }

  /** Lets the in-memory queue drop a removed post's jobs, as the database's ON DELETE CASCADE does. */
  /** Every stored post, for the other in-memory adapters that read across posts (the figures' collector). */
  snapshots(): Iterable<PostSnapshot> {
    return this.byId.values();
  }

  onRemove(listener: RemovalListener): void {
    this.removalListeners.push(listener);
  }
}

/** Code-unit order: the byte order SQLite and utf8mb4_bin give our ASCII ids. */
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const newestFirst = (a: PostSnapshot, b: PostSnapshot): number => b.createdAt.getTime() - a.createdAt.getTime() || compare(b.id, a.id);

/** Soonest first, posts without a time last, ties by id ascending. */
function sortByCalendar(posts: PostSnapshot[], timeOf: (post: PostSnapshot) => Date | null): void {
  const keys = new Map(posts.map((p) => [p.id, timeOf(p)?.getTime() ?? Number.POSITIVE_INFINITY]));
  posts.sort((a, b) => keys.get(a.id)! - keys.get(b.id)! || compare(a.id, b.id));
}

const oldestReviewFirst = (a: Review, b: Review): number => a.createdAt.getTime() - b.createdAt.getTime() || compare(a.id, b.id);
