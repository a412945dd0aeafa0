import { type PublishOutcomeKind } from './PlatformPublisher';

/** One call the engine made to a platform, as its log keeps it (docs/decisions.md, "The publishing engine"). */
export interface PublishAttempt {
  readonly id: string;
  readonly workspaceId: string;
  readonly postId: string;
  readonly targetId: string;
  readonly connectionId: string;
  /** The target's attempt count with this call (it keeps counting across the user's retries). */
  readonly attempt: number;
  /** 0-based: which segment of the thread the call was for. */
  readonly segmentIndex: number;
  /** Null when the worker stopped during the call: the outcome was settled after its lease ran out. */
  readonly startedAt: Date | null;
  /** When the outcome was recorded (or settled). */
  readonly finishedAt: Date;
  /** `outcomeUnknown` also for a call whose worker stopped before its outcome was recorded. */
  readonly outcome: PublishOutcomeKind;
  /** The reason the user sees; null when the call published. */
  readonly error: string | null;
  /** The platform's HTTP status, when the publisher reported one. */
  readonly statusCode: number | null;
  readonly platformPostId: string | null;
  /** A read of the account that settled an earlier call's unknown outcome (published or notPosted), not a publish call. */
  readonly readBack: boolean;
}

/**
 * Every platform call the engine made, written in the unit of work that records its
 * outcome, so a target's history and its state never disagree.
 */
export interface AttemptLog {
  record(attempt: PublishAttempt): Promise<void>;
  /** A target's calls, oldest first (by when they finished; ties by id). */
  listForTarget(workspaceId: string, targetId: string): Promise<PublishAttempt[]>;
  /** Whether a call for this segment of the target is in the log already (whichever process made it). */
  hasCallFor(targetId: string, segmentIndex: number): Promise<boolean>;
  /**
   * When the calls for a first segment (a new post, not a reply or comment) on a connection
   * finished after `after` (not at it), oldest first: those that published, or may have. A
   * platform's daily post budget counts these: a post counts for the window that follows it.
   */
  postsAfter(connectionId: string, after: Date): Promise<Date[]>;
}

/** The outcomes that may have put a post on the platform: what a post budget counts. */
export const COUNTED_OUTCOMES: readonly PublishOutcomeKind[] = ['published', 'outcomeUnknown'];

/** Every kind of outcome, in the order a reader meets them; the OpenAPI enum and the row mapper use it. */
export const PUBLISH_OUTCOME_KINDS = [
  'published',
  'retryLater',
  'rejected',
  'needsReconnect',
  'outcomeUnknown',
  'processing',
  'notPosted',
] as const satisfies readonly PublishOutcomeKind[];
