import { conflict, notFound } from '../shared/DomainError';
import { Group } from './Group';
import {
  type LifecyclePosition,
  assertAwaitingReview,
  assertPublishingAllowed,
  assertTimesStillAhead,
  awaitsSchedule,
  positionAfterEdit,
  positionForIntent,
} from './PostLifecycle';
import { type NewPostInput, type PostContext, type PostEditInput, type TargetChanges, type TargetEditContext } from './PostInputs';
import { type PostSnapshot } from './PostSnapshot';
import { EDITABLE_STATUSES, type PostSource, type PostStatus, type ReviewableIntent, deriveStatusFromTargets } from './PostStatus';
import { type Review, type ReviewerAction, recordReview } from './Review';
import { assertMayRemove, assertNotOwnPost, type PostRemover } from './ReviewRules';
import { type Segment } from './Segment';
import { type PublishedOutcome, Target } from './Target';
import { applyTargetChanges } from './TargetEdit';
import { needsReview, preparePostContent } from './preparePostContent';

/** A target's next piece of content: segment `index` (0-based) of `count`. */
export interface NextSegment {
  readonly segment: Segment;
  readonly index: number;
  readonly count: number;
  /** Where the segment before it went: a later segment replies to (or comments on) it. */
  readonly previous: PublishedOutcome | null;
}

/** What storage holds of a loaded post: what a save compares against to write only the changes. */
export interface PersistedPost {
  readonly status: PostStatus;
  /** The content as loaded: an edit replaces it (another object), a worker's outcome does not. */
  readonly groups: readonly Group[];
  readonly targets: readonly Target[];
  /** Counts the saves: a save meant for version N finds N stored, or another writer came first. */
  readonly version: number;
}

/**
 * The aggregate root of publishing: content groups, the targets they go to, the lifecycle
 * (docs/product.md "Post lifecycle") and the reviewers' decisions. Every change goes through
 * an intent method that checks the rule it belongs to. The review history is not loaded
 * with the post (it has its own read); a decision made now is kept until saved.
 */
export class Post {
  /** Decisions taken since the post was loaded or created, appended on save. */
  private _unsavedReviews: readonly Review[] = [];

  private constructor(
    readonly id: string,
    readonly workspaceId: string,
    /** Who wrote it; null for a post stored before authors were recorded (docs/decisions.md). */
    readonly authorUserId: string | null,
    private _status: PostStatus,
    private _groups: readonly Group[],
    private _targets: readonly Target[],
    private _source: PostSource,
    private _externalSubmissionId: string | null,
    private _requestedIntent: ReviewableIntent | null,
    private readonly _createdAt: Date,
    private _updatedAt: Date,
    private _persisted: PersistedPost | null,
  ) {}

  /** Validates everything and reports every problem at once (422 `invalid_post`). */
  static create(input: NewPostInput, ctx: PostContext): Post {
    const start = positionForIntent(input.intent ?? 'draft', needsReview(input, ctx));
    const { groups, targets, position } = preparePostContent(input, start, input.workspaceId, ctx);
    const post = new Post(
      input.id,
      input.workspaceId,
      input.authorUserId ?? null,
      'draft',
      groups,
      targets,
      input.source ?? 'app',
      input.externalSubmissionId ?? null,
      null,
      new Date(ctx.now),
      new Date(ctx.now),
      null,
    );
    post.moveTo(position, ctx.now);
    return post;
  }

  /** Trusted load from storage: no rule is re-checked. */
  static rehydrate(s: PostSnapshot): Post {
    const groups = Object.freeze(s.groups.map(Group.rehydrate));
    const targets = Object.freeze(s.targets.map(Target.rehydrate));
    return new Post(
      s.id,
      s.workspaceId,
      s.authorUserId,
      s.status,
      groups,
      targets,
      s.source,
      s.externalSubmissionId,
      s.requestedIntent,
      new Date(s.createdAt),
      new Date(s.updatedAt),
      { status: s.status, groups, targets, version: s.version },
    );
  }

  get status(): PostStatus {
    return this._status;
  }
  get groups(): readonly Group[] {
    return this._groups;
  }
  get targets(): readonly Target[] {
    return this._targets;
  }
  get source(): PostSource {
    return this._source;
  }
  get externalSubmissionId(): string | null {
    return this._externalSubmissionId;
  }
  get requestedIntent(): ReviewableIntent | null {
    return this._requestedIntent;
  }
  get unsavedReviews(): readonly Review[] {
    return this._unsavedReviews;
  }
  /** As stored when loaded (null: never saved); targets are immutable, so a changed one is another object. */
  get persisted(): PersistedPost | null {
    return this._persisted;
  }
  /** The stored version this post was loaded at (0: never saved): what an ETag names. */
  get version(): number {
    return this._persisted?.version ?? 0;
  }
  get createdAt(): Date {
    return new Date(this._createdAt);
  }
  get updatedAt(): Date {
    return new Date(this._updatedAt);
  }
  get isEditable(): boolean {
    return EDITABLE_STATUSES.includes(this._status);
  }

  target(targetId: string): Target {
    const found = this._targets.find((t) => t.id === targetId);
    if (!found) throw notFound('Target');
    return found;
  }

  /**
   * Replaces content, targets and intent. Refused (409) once publishing has begun. The
   * status follows positionAfterEdit: an explicit intent applies the creation rules, an
   * absent one keeps the post where it is (a scheduled post re-enters review if needed).
   */
  update(input: PostEditInput, ctx: PostContext): void {
    if (!this.isEditable) {
      throw conflict('post_not_editable', `a ${this._status} post can no longer be edited`);
    }
    const start = positionAfterEdit(this.position, input.intent, needsReview(input, ctx));
    const { groups, targets, position } = preparePostContent(input, start, this.workspaceId, ctx);
    this._groups = groups;
    this._targets = targets;
    this.moveTo(position, ctx.now);
    if (input.source !== undefined && input.source !== null) this._source = input.source;
    if (input.externalSubmissionId !== undefined) this._externalSubmissionId = input.externalSubmissionId;
  }

  /**
   * A contributor removes only their own posts not yet past review (403); nobody removes one
   * while a worker is handing it to platforms, which would orphan what it posts (409).
   */
  ensureRemovableBy(remover: PostRemover): void {
    assertMayRemove(remover, this.authorUserId, this._status);
    if (this._status === 'publishing') throw conflict('post_publishing', 'a post cannot be removed while it is publishing');
  }

  /** Publishes at once, or asks for review first when the actor needs it. */
  publishNow(now: Date, reviewRequired: boolean): void {
    if (!['draft', 'scheduled', 'changes_requested'].includes(this._status)) {
      throw conflict('post_not_publishable', `a ${this._status} post cannot be published now`);
    }
    if (this._targets.length === 0) throw conflict('post_has_no_targets', 'the post has no target to publish to');
    this.moveTo(positionForIntent('publish_now', reviewRequired), now);
  }

  /** Four eyes: its author cannot approve it (403 `own_post_review`). */
  approve(by: ReviewerAction, now: Date, comment: string | null = null): Review {
    assertAwaitingReview(this._status);
    assertNotOwnPost(this.authorUserId, by.reviewerUserId);
    // Always set while in review; were it ever missing, scheduling is the safer guess:
    // it checks the times and publishes nothing early.
    const intent = this._requestedIntent ?? 'schedule';
    if (intent === 'schedule') assertTimesStillAhead(this._targets, now);
    const review = this.record(recordReview(by, 'approved', comment, now));
    this.moveTo(positionForIntent(intent, false), now);
    return review;
  }

  requestChanges(by: ReviewerAction, comment: string, now: Date): Review {
    assertAwaitingReview(this._status);
    const review = this.record(recordReview(by, 'changes_requested', comment, now));
    // The requested intent is kept: it says what the author was asking for.
    this.moveTo({ status: 'changes_requested', requestedIntent: this._requestedIntent }, now);
    return review;
  }

  /** Storage has everything: the next save compares against this state. */
  markSaved(): void {
    this._persisted = { status: this._status, groups: this._groups, targets: this._targets, version: this.version + 1 };
    this._unsavedReviews = [];
  }

  /** A worker takes a pending target; the post is publishing from then on. */
  startPublishing(targetId: string, now: Date): Target {
    assertPublishingAllowed(this._status);
    return this.replaceTarget(this.target(targetId).startPublishing(), now);
  }

  markPublished(targetId: string, outcome: PublishedOutcome, now: Date): Target {
    assertPublishingAllowed(this._status);
    return this.replaceTarget(this.target(targetId).markPublished(outcome), now);
  }

  /** One segment of the target's group is out; the last one publishes the target. */
  markSegmentPublished(targetId: string, segment: PublishedOutcome, now: Date): Target {
    assertPublishingAllowed(this._status);
    const target = this.target(targetId);
    return this.replaceTarget(target.markSegmentPublished(segment, this.groupOf(target).segments.length), now);
  }

  /** A transient failure: the target waits, pending, for another attempt at the same segment. */
  deferTarget(targetId: string, now: Date): Target {
    assertPublishingAllowed(this._status);
    return this.replaceTarget(this.target(targetId).awaitRetry(), now);
  }

  /** The platform is still processing the segment's media: the target waits, pending, to resume from `checkpoint`. */
  awaitProcessing(targetId: string, checkpoint: string, now: Date): Target {
    assertPublishingAllowed(this._status);
    return this.replaceTarget(this.target(targetId).awaitProcessing(checkpoint), now);
  }

  /** The segment a target publishes next, and the one before it (what a reply or comment answers). */
  nextSegmentOf(targetId: string): NextSegment {
    const target = this.target(targetId);
    const segments = this.groupOf(target).segments;
    const index = target.nextSegmentIndex;
    const segment = segments[index];
    if (segment === undefined) throw conflict('target_fully_published', `target ${targetId} has no segment left to publish`);
    return { segment, index, count: segments.length, previous: target.publishedSegments[index - 1] ?? null };
  }

  markFailed(targetId: string, error: string, now: Date): Target {
    assertPublishingAllowed(this._status);
    return this.replaceTarget(this.target(targetId).markFailed(error), now);
  }

  /** A queued target of a post still waiting for its time, moved to another slot of its schedule. */
  requeueTarget(targetId: string, at: Date, now: Date): Target {
    if (!awaitsSchedule(this.position)) throw conflict('post_not_scheduled', `only a post waiting for its time can be requeued (this one is ${this._status})`);
    return this.replaceTarget(this.target(targetId).requeued(at), now);
  }

  /** The user's deliberate retry of a failed target; the post is publishing again. */
  retryTarget(targetId: string, now: Date): Target {
    return this.replaceTarget(this.target(targetId).retry(), now);
  }

  /** Changes one pending target (422 `invalid_target` listing every problem; 409 if not pending). */
  updateTarget(targetId: string, changes: TargetChanges, ctx: TargetEditContext): Target {
    const current = this.target(targetId);
    if (current.status !== 'pending') {
      throw conflict('target_not_pending', `only a pending target can be changed (target ${targetId} is ${current.status})`);
    }
    // A change that needs review cannot reach a post already going out target by target.
    if (ctx.reviewRequired && this._status === 'publishing') {
      throw conflict('review_required', 'this change needs review, and the post is already publishing');
    }
    const changed = applyTargetChanges(
      current,
      changes,
      {
        workspaceId: this.workspaceId,
        groups: this._groups,
        // A scheduled post (or one publishing target by target) goes out by these times.
        timeMustBeFuture: awaitsSchedule(this.position) || this._status === 'publishing',
      },
      ctx,
    );
    const target = this.replaceTarget(current.withChanges(changed), ctx.now);
    // Like a whole-post edit: approved content changed by someone who needs review goes back to review.
    if (ctx.reviewRequired && this._status === 'scheduled') this.moveTo(positionForIntent('schedule', true), ctx.now);
    return target;
  }

  toSnapshot(): PostSnapshot {
    return {
      id: this.id,
      workspaceId: this.workspaceId,
      authorUserId: this.authorUserId,
      status: this._status,
      groups: this._groups.map((g) => g.toSnapshot()),
      targets: this._targets.map((t) => t.toSnapshot()),
      source: this._source,
      externalSubmissionId: this._externalSubmissionId,
      requestedIntent: this._requestedIntent,
      createdAt: new Date(this._createdAt),
      updatedAt: new Date(this._updatedAt),
      version: this.version,
    };
  }

  private groupOf(target: Target): Group {
    const group = this._groups.find((g) => g.id === target.groupId);
    // PostContent refuses a target naming no group, so this is corrupt data, not a user error.
    if (group === undefined) throw new Error(`target ${target.id} names group ${target.groupId}, which post ${this.id} does not hold`);
    return group;
  }

  private record(review: Review): Review {
    this._unsavedReviews = Object.freeze([...this._unsavedReviews, review]);
    return review;
  }

  private get position(): LifecyclePosition {
    return { status: this._status, requestedIntent: this._requestedIntent };
  }

  private moveTo(position: LifecyclePosition, now: Date): void {
    this._status = position.status;
    this._requestedIntent = position.requestedIntent;
    // Publishing now makes every target due at once, so a worker needs a single rule:
    // a pending target goes out when its scheduledAt has come.
    if (position.status === 'publishing') this._targets = Object.freeze(this._targets.map((t) => t.dueAt(now)));
    this._updatedAt = new Date(now);
  }

  private replaceTarget(changed: Target, now: Date): Target {
    this._targets = Object.freeze(this._targets.map((t) => (t.id === changed.id ? changed : t)));
    // Before publishing begins the status is the author's; once a target has left pending,
    // or the post is already past that point, the targets decide it.
    if (changed.status !== 'pending' || !EDITABLE_STATUSES.includes(this._status)) {
      this._status = deriveStatusFromTargets(this._targets.map((t) => t.status));
    }
    this._updatedAt = new Date(now);
    return changed;
  }
}
