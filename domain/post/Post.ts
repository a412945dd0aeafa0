import { conflict } from '../shared/DomainError';
import { type Group } from './Group';
import {
  type LifecyclePosition,
  assertAwaitingReview,
  assertPublishableNow,
  assertPublishingAllowed,
  awaitsSchedule,
  positionAfterEdit,
  positionForIntent,
} from './PostLifecycle';
import { type PersistedPost, PostChanges } from './PostChanges';
import { type PostEvent } from './PostEvent';
import { type NewPostInput, type PostContext, type PostEditInput, type TargetChanges, type TargetEditContext } from './PostInputs';
import { type PostSnapshot } from './PostSnapshot';
import { EDITABLE_STATUSES, type PostSource, type PostStatus, type ReviewableIntent, deriveStatusFromTargets } from './PostStatus';
import { newPostProps, type PostProps, propsOf, snapshotOf } from './PostProps';
import { groupOf, type NextSegment, nextSegmentOf, PostTargets } from './PostTargets';
import { type Review, type ReviewerAction, recordReview } from './Review';
import { approvedPosition, assertMayRemove, type PostRemover } from './ReviewRules';
import { type PublishedOutcome, type Target } from './Target';
import { editPendingTarget } from './TargetEdit';
import { needsReview, preparePostContent } from './preparePostContent';

export type { NextSegment, PersistedPost };

/**
 * The aggregate root of publishing: content groups, the targets they go to, the lifecycle
 * (docs/product.md "Post lifecycle") and the reviewers' decisions. Every change goes through an
 * intent method that checks its rule; what changed since the last save is kept by PostChanges.
 */
export class Post {
  private constructor(
    private props: PostProps,
    private readonly changes: PostChanges,
  ) {}

  /** Validates everything and reports every problem at once (422 `invalid_post`). */
  static create(input: NewPostInput, ctx: PostContext): Post {
    const start = positionForIntent(input.intent ?? 'draft', needsReview(input, ctx));
    const { groups, targets, position } = preparePostContent(input, start, input.workspaceId, ctx);
    const post = new Post(newPostProps(input, groups, targets, ctx.now), new PostChanges(null));
    post.moveTo(position, ctx.now);
    return post;
  }

  /** Trusted load from storage: no rule is re-checked. */
  static rehydrate(s: PostSnapshot): Post {
    const props = propsOf(s);
    return new Post(props, new PostChanges({ status: s.status, groups: props.groups, targets: props.targets.all, version: s.version }));
  }

  get id(): string {
    return this.props.id;
  }
  get workspaceId(): string {
    return this.props.workspaceId;
  }
  /** Who wrote it; null for a post stored before authors were recorded (docs/decisions.md). */
  get authorUserId(): string | null {
    return this.props.authorUserId;
  }
  get status(): PostStatus {
    return this.props.status;
  }
  get groups(): readonly Group[] {
    return this.props.groups;
  }
  get targets(): readonly Target[] {
    return this.props.targets.all;
  }
  get source(): PostSource {
    return this.props.source;
  }
  get externalSubmissionId(): string | null {
    return this.props.externalSubmissionId;
  }
  get requestedIntent(): ReviewableIntent | null {
    return this.props.requestedIntent;
  }
  get unsavedReviews(): readonly Review[] {
    return this.changes.unsavedReviews;
  }
  /** What happened since the last save, each with the post as it is now (PostChanges.eventsOf). */
  get unsavedEvents(): PostEvent[] {
    return this.changes.eventsOf(this.toSnapshot());
  }
  /** As stored when loaded (null: never saved); targets are immutable, so a changed one is another object. */
  get persisted(): PersistedPost | null {
    return this.changes.persisted;
  }
  /** The stored version this post was loaded at (0: never saved): what an ETag names. */
  get version(): number {
    return this.changes.version;
  }
  get createdAt(): Date {
    return new Date(this.props.createdAt);
  }
  get updatedAt(): Date {
    return new Date(this.props.updatedAt);
  }

  target(targetId: string): Target {
    return this.props.targets.find(targetId);
  }

  /**
   * Replaces content, targets and intent. Refused (409) once publishing has begun. The
   * status follows positionAfterEdit: an explicit intent applies the creation rules, an
   * absent one keeps the post where it is (a scheduled post re-enters review if needed).
   */
  update(input: PostEditInput, ctx: PostContext): void {
    if (!EDITABLE_STATUSES.includes(this.status)) {
      throw conflict('post_not_editable', `a ${this.status} post can no longer be edited`);
    }
    const start = positionAfterEdit(this.position, input.intent, needsReview(input, ctx));
    const { groups, targets, position } = preparePostContent(input, start, this.workspaceId, ctx);
    this.props = { ...this.props, groups, targets: PostTargets.of(targets) };
    this.moveTo(position, ctx.now);
    const { source = null, externalSubmissionId } = input;
    this.props = {
      ...this.props,
      source: source ?? this.source,
      externalSubmissionId: externalSubmissionId === undefined ? this.externalSubmissionId : externalSubmissionId,
    };
  }

  /**
   * A contributor removes only their own posts not yet past review (403); nobody removes one
   * while a worker is handing it to platforms, which would orphan what it posts (409).
   */
  ensureRemovableBy(remover: PostRemover): void {
    assertMayRemove(remover, this.authorUserId, this.status);
    if (this.status === 'publishing') throw conflict('post_publishing', 'a post cannot be removed while it is publishing');
  }

  /** Publishes at once, or asks for review first when the actor needs it. */
  publishNow(now: Date, reviewRequired: boolean): void {
    assertPublishableNow(this.status, this.targets.length);
    this.moveTo(positionForIntent('publish_now', reviewRequired), now);
  }

  /** Four eyes: its author cannot approve it (403 `own_post_review`). */
  approve(by: ReviewerAction, now: Date, comment: string | null = null): Review {
    const position = approvedPosition(this, by.reviewerUserId, now);
    const review = this.changes.recordReview(recordReview(by, 'approved', comment, now));
    this.moveTo(position, now);
    return review;
  }

  requestChanges(by: ReviewerAction, comment: string, now: Date): Review {
    assertAwaitingReview(this.status);
    const review = this.changes.recordReview(recordReview(by, 'changes_requested', comment, now));
    // The requested intent is kept: it says what the author was asking for.
    this.moveTo({ status: 'changes_requested', requestedIntent: this.requestedIntent }, now);
    return review;
  }

  /** Storage has everything: the next save compares against this state. */
  markSaved(): void {
    this.changes.saved({ status: this.status, groups: this.groups, targets: this.targets });
  }

  /** A worker takes a pending target; the post is publishing from then on. */
  startPublishing(targetId: string, now: Date): Target {
    return this.working(targetId, now, (t) => t.startPublishing());
  }

  markPublished(targetId: string, outcome: PublishedOutcome, now: Date): Target {
    return this.working(targetId, now, (t) => t.markPublished(outcome));
  }

  /** One segment of the target's group is out; the last one publishes the target. */
  markSegmentPublished(targetId: string, segment: PublishedOutcome, now: Date): Target {
    return this.working(targetId, now, (t) => t.markSegmentPublished(segment, groupOf(this.groups, t, this.id).segments.length));
  }

  /** A transient failure: the target waits, pending, for another attempt at the same segment. */
  deferTarget(targetId: string, now: Date): Target {
    return this.working(targetId, now, (t) => t.awaitRetry());
  }

  /** The platform is still processing the segment's media: the target waits, pending, to resume from `checkpoint`. */
  awaitProcessing(targetId: string, checkpoint: string, now: Date): Target {
    return this.working(targetId, now, (t) => t.awaitProcessing(checkpoint));
  }

  /** The segment a target publishes next, and the one before it (what a reply or comment answers). */
  nextSegmentOf(targetId: string): NextSegment {
    const target = this.target(targetId);
    return nextSegmentOf(target, groupOf(this.groups, target, this.id));
  }

  markFailed(targetId: string, error: string, now: Date): Target {
    return this.working(targetId, now, (t) => t.markFailed(error));
  }

  /** 409 `post_not_scheduled` unless the post waits for its time (scheduled, or in review), so its queued targets may move. */
  ensureRequeueable(): void {
    if (!awaitsSchedule(this.position)) throw conflict('post_not_scheduled', `only a post waiting for its time can be requeued (this one is ${this.status})`);
  }

  /** A queued target of a post still waiting for its time, moved to another slot of its schedule. */
  requeueTarget(targetId: string, at: Date, now: Date): Target {
    this.ensureRequeueable();
    return this.replaceTarget(this.target(targetId).requeued(at), now);
  }

  /** The user's deliberate retry of a failed target; the post is publishing again. */
  retryTarget(targetId: string, now: Date): Target {
    return this.replaceTarget(this.target(targetId).retry(), now);
  }

  /** Changes one pending target (422 `invalid_target` listing every problem; 409 as editPendingTarget says). */
  updateTarget(targetId: string, changes: TargetChanges, ctx: TargetEditContext): Target {
    const post = { workspaceId: this.workspaceId, groups: this.groups, status: this.status, awaitsTime: awaitsSchedule(this.position) };
    const target = this.replaceTarget(editPendingTarget(this.target(targetId), changes, post, ctx), ctx.now);
    // Like a whole-post edit: approved content changed by someone who needs review goes back to review.
    if (ctx.reviewRequired && this.status === 'scheduled') this.moveTo(positionForIntent('schedule', true), ctx.now);
    return target;
  }

  toSnapshot(): PostSnapshot {
    return snapshotOf(this.props, this.version);
  }

  /** A worker's change to one target, allowed only while the post may be published. */
  private working(targetId: string, now: Date, change: (target: Target) => Target): Target {
    assertPublishingAllowed(this.status);
    return this.replaceTarget(change(this.target(targetId)), now);
  }

  private get position(): LifecyclePosition {
    return { status: this.status, requestedIntent: this.requestedIntent };
  }

  private moveTo(position: LifecyclePosition, now: Date): void {
    const { status, requestedIntent } = position;
    // Publishing now makes every target due at once, so a worker needs a single rule:
    // a pending target goes out when its scheduledAt has come.
    const targets = status === 'publishing' ? this.props.targets.dueAt(now) : this.props.targets;
    this.props = { ...this.props, status, requestedIntent, targets, updatedAt: new Date(now) };
  }

  private replaceTarget(changed: Target, now: Date): Target {
    this.changes.targetChanged(this.target(changed.id), changed);
    const targets = this.props.targets.replaced(changed);
    // Before publishing begins the status is the author's; once a target has left pending,
    // or the post is already past that point, the targets decide it.
    const derive = changed.status !== 'pending' || !EDITABLE_STATUSES.includes(this.status);
    const status = derive ? deriveStatusFromTargets(targets.statuses) : this.status;
    this.props = { ...this.props, targets, status, updatedAt: new Date(now) };
    return changed;
  }
}
