import { conflict } from '../shared/DomainError';
import { type Platform } from '../platform/Platform';
import { type TargetStatus } from './PostStatus';
import { copyOutcome, copyOutcomes, type PublishedOutcome } from './PublishedSegment';
import { type TargetSettings } from './TargetSettings';

export interface TargetSnapshot {
  readonly id: string;
  readonly connectionId: string;
  readonly groupId: string;
  readonly settings: TargetSettings;
  readonly scheduledAt: Date | null;
  readonly status: TargetStatus;
  readonly platformPostId: string | null;
  readonly platformPostUrl: string | null;
  readonly postedAt: Date | null;
  readonly error: string | null;
  readonly attempts: number;
  /** The segments of its group already out, in order: the next one to publish is at this length. */
  readonly publishedSegments: readonly PublishedOutcome[];
  /** Calls made for the next segment so far: the bound on retries counts these, not the whole thread's. */
  readonly segmentAttempts: number;
  /** What the platform is still processing for the next segment (a container id), to resume from; null otherwise. */
  readonly checkpoint: string | null;
  /** Its time is a slot of its connection's posting schedule, taken by the service (docs/decisions.md, "Posting schedules"). */
  readonly queued: boolean;
}

export type { PublishedOutcome };

/** What a validated target is made of; checking it against the post is PostContent's job. */
export interface NewTarget {
  readonly id: string;
  readonly connectionId: string;
  readonly groupId: string;
  readonly settings: TargetSettings;
  readonly scheduledAt: Date | null;
  /** Its time is its connection's next free slot, taken by the service; false unless said. */
  readonly queued?: boolean;
}

/**
 * One connected account a post goes to. Immutable: every transition returns a new Target,
 * so only the Post that owns it can swap it in and keep its own status in step.
 */
export class Target {
  private constructor(private readonly props: TargetSnapshot) {}

  static create(fields: NewTarget): Target {
    return new Target({
      ...fields,
      scheduledAt: copy(fields.scheduledAt),
      status: 'pending',
      platformPostId: null,
      platformPostUrl: null,
      postedAt: null,
      error: null,
      attempts: 0,
      publishedSegments: [],
      segmentAttempts: 0,
      checkpoint: null,
      queued: fields.queued ?? false,
    });
  }

  static rehydrate(snapshot: TargetSnapshot): Target {
    return new Target({ ...snapshot, ...copyDates(snapshot) });
  }

  get id(): string {
    return this.props.id;
  }
  get connectionId(): string {
    return this.props.connectionId;
  }
  get groupId(): string {
    return this.props.groupId;
  }
  get settings(): TargetSettings {
    return this.props.settings;
  }
  get platform(): Platform {
    return this.props.settings.platform;
  }
  get scheduledAt(): Date | null {
    return copy(this.props.scheduledAt);
  }
  get status(): TargetStatus {
    return this.props.status;
  }
  get platformPostId(): string | null {
    return this.props.platformPostId;
  }
  get platformPostUrl(): string | null {
    return this.props.platformPostUrl;
  }
  get postedAt(): Date | null {
    return copy(this.props.postedAt);
  }
  get error(): string | null {
    return this.props.error;
  }
  get attempts(): number {
    return this.props.attempts;
  }
  get publishedSegments(): readonly PublishedOutcome[] {
    return copyOutcomes(this.props.publishedSegments);
  }
  /** The index in its group of the segment to publish next (0 until the first is out). */
  get nextSegmentIndex(): number {
    return this.props.publishedSegments.length;
  }
  get segmentAttempts(): number {
    return this.props.segmentAttempts;
  }

  /** Content or timing changes; only a target nothing has happened to yet may change. */
  withChanges(changes: { groupId?: string; settings?: TargetSettings; scheduledAt?: Date | null }): Target {
    this.mustBe('pending', 'target_not_pending', 'only a pending target can be changed');
    // Part of its thread is out: new content or settings would not match what readers already see.
    if (this.nextSegmentIndex > 0) throw conflict('target_partly_published', `target ${this.id} has already published part of its thread`);
    // A time the user sets is theirs: the target no longer holds a slot of the schedule.
    const queued = changes.scheduledAt === undefined ? this.props.queued : false;
    return new Target({ ...this.props, ...changes, queued });
  }

  /** Publishing now makes the target due at once, whatever time it carried. */
  dueAt(at: Date): Target {
    this.mustBe('pending', 'target_not_pending', 'only a pending target can be made due');
    return new Target({ ...this.props, scheduledAt: new Date(at), queued: false });
  }

  /** A worker takes the target: this is one attempt, whatever its outcome. */
  startPublishing(): Target {
    this.mustBe('pending', 'target_not_pending', 'only a pending target can start publishing');
    return new Target({
      ...this.props,
      status: 'publishing',
      attempts: this.props.attempts + 1,
      segmentAttempts: this.props.segmentAttempts + 1,
    });
  }

  /**
   * One segment of the group is out. The target is published only once its last segment
   * is, under the first segment's id and address (the post readers open); until then it
   * waits, pending, for the next segment's turn.
   */
  markSegmentPublished(segment: PublishedOutcome, segmentCount: number): Target {
    if (this.props.status === 'published') throw conflict('target_already_published', `target ${this.id} is already published`);
    this.mustBe('publishing', 'target_not_publishing', 'only a target being published can record a published segment');
    const publishedSegments = [...this.props.publishedSegments, copyOutcome(segment)];
    if (publishedSegments.length < segmentCount) {
      return new Target({ ...this.props, status: 'pending', publishedSegments, segmentAttempts: 0, error: null, checkpoint: null });
    }
    return new Target({ ...this.props, publishedSegments, checkpoint: null }).markPublished(publishedSegments[0]!);
  }

  /** The platform is still processing the segment's media: pending again, resuming from `checkpoint`. */
  awaitProcessing(checkpoint: string): Target {
    this.mustBe('publishing', 'target_not_publishing', 'only a target being published can wait for the platform');
    return new Target({ ...this.props, status: 'pending', checkpoint });
  }

  get queued(): boolean {
    return this.props.queued;
  }

  /** A queued target moved to another slot of its schedule; still queued. */
  requeued(at: Date): Target {
    if (!this.props.queued || this.props.status !== 'pending') throw conflict('target_not_queued', `target ${this.props.id} is not a pending queued target`);
    return new Target({ ...this.props, scheduledAt: new Date(at.getTime()) });
  }

  get checkpoint(): string | null {
    return this.props.checkpoint;
  }

  /** A transient failure: pending again for a later attempt at the same segment. */
  awaitRetry(): Target {
    this.mustBe('publishing', 'target_not_publishing', 'only a target being published can wait for a retry');
    return new Target({ ...this.props, status: 'pending' });
  }

  markPublished(outcome: PublishedOutcome): Target {
    if (this.props.status === 'published') {
      // Published at most once: a second success report is a duplicate post, not an update.
      throw conflict('target_already_published', `target ${this.id} is already published`);
    }
    this.mustBe('publishing', 'target_not_publishing', 'only a target being published can be marked published');
    return new Target({
      ...this.props,
      status: 'published',
      platformPostId: outcome.platformPostId,
      platformPostUrl: outcome.platformPostUrl,
      postedAt: new Date(outcome.postedAt),
      error: null,
    });
  }

  /** Also from pending: a target can fail before any attempt (e.g. its connection was revoked). */
  markFailed(error: string): Target {
    if (this.props.status === 'published') {
      throw conflict('target_already_published', `target ${this.id} is already published`);
    }
    if (this.props.status === 'failed') throw conflict('target_already_failed', `target ${this.id} has already failed`);
    // Silent failures are the peers' top complaint: a failed target always says why.
    const reason = error.trim() === '' ? 'publishing failed for an unknown reason' : error;
    return new Target({ ...this.props, status: 'failed', error: reason, checkpoint: null });
  }

  /**
   * The user's deliberate retry; attempts keep counting so the history stays visible. It
   * resumes at the segment that failed: those already out are never posted twice.
   */
  retry(): Target {
    this.mustBe('failed', 'target_not_failed', 'only a failed target can be retried');
    return new Target({ ...this.props, status: 'pending', error: null, segmentAttempts: 0 });
  }

  toSnapshot(): TargetSnapshot {
    return { ...this.props, ...copyDates(this.props) };
  }

  private mustBe(status: TargetStatus, code: string, message: string): void {
    if (this.props.status !== status) throw conflict(code, `${message} (target ${this.id} is ${this.props.status})`);
  }
}

const copy = (date: Date | null): Date | null => (date === null ? null : new Date(date));
const copyDates = (s: TargetSnapshot) => ({
  scheduledAt: copy(s.scheduledAt),
  postedAt: copy(s.postedAt),
  publishedSegments: copyOutcomes(s.publishedSegments),
});
