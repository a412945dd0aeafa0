import { conflict, notFound } from '../shared/DomainError';
import { type Group } from './Group';
import { type TargetStatus } from './PostStatus';
import { type Segment } from './Segment';
import { type PublishedOutcome, type Target } from './Target';

/** A target's next piece of content: segment `index` (0-based) of `count`. */
export interface NextSegment {
  readonly segment: Segment;
  readonly index: number;
  readonly count: number;
  /** Where the segment before it went: a later segment replies to (or comments on) it. */
  readonly previous: PublishedOutcome | null;
}

/**
 * The targets of one post, immutable like each Target: a change makes another collection,
 * which the Post swaps in so its status can follow.
 */
export class PostTargets {
  private constructor(readonly all: readonly Target[]) {}

  static of(targets: readonly Target[]): PostTargets {
    return new PostTargets(Object.freeze([...targets]));
  }

  find(targetId: string): Target {
    const found = this.all.find((t) => t.id === targetId);
    if (!found) throw notFound('Target');
    return found;
  }

  /** The collection with `changed` in place of the target of the same id. */
  replaced(changed: Target): PostTargets {
    return new PostTargets(Object.freeze(this.all.map((t) => (t.id === changed.id ? changed : t))));
  }

  /** Every pending target due at `now` (publishing now). */
  dueAt(now: Date): PostTargets {
    return new PostTargets(Object.freeze(this.all.map((t) => t.dueAt(now))));
  }

  get statuses(): TargetStatus[] {
    return this.all.map((t) => t.status);
  }
}

/** The group a target publishes. */
export function groupOf(groups: readonly Group[], target: Target, postId: string): Group {
  const group = groups.find((g) => g.id === target.groupId);
  // PostContent refuses a target naming no group, so this is corrupt data, not a user error.
  if (group === undefined) throw new Error(`target ${target.id} names group ${target.groupId}, which post ${postId} does not hold`);
  return group;
}

/** The segment a target publishes next, and the one before it (what a reply or comment answers). */
export function nextSegmentOf(target: Target, group: Group): NextSegment {
  const segments = group.segments;
  const index = target.nextSegmentIndex;
  const segment = segments[index];
  if (segment === undefined) throw conflict('target_fully_published', `target ${target.id} has no segment left to publish`);
  return { segment, index, count: segments.length, previous: target.publishedSegments[index - 1] ?? null };
}
