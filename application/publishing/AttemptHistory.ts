import { type AttemptLog } from '../ports/AttemptLog';
import { type IdGenerator } from '../ports/IdGenerator';
import { type PublishOutcome } from '../ports/PlatformPublisher';
import { type PublishJob } from '../ports/PublishQueue';

/** Which call of which target: what the engine knows of a call before its outcome. */
export interface CallMade {
  readonly job: PublishJob;
  readonly connectionId: string;
  /** The target's attempt count with this call. */
  readonly attempt: number;
  readonly segmentIndex: number;
  /** Null for a call whose worker stopped before its outcome was recorded. */
  readonly startedAt: Date | null;
}

/**
 * Writes each platform call into the attempt log (docs/product.md, "Post lifecycle": nothing
 * fails without a reason the user can read), inside the caller's unit of work, so the log and the target never disagree.
 */
export class AttemptHistory {
  constructor(
    private readonly log: AttemptLog,
    private readonly ids: IdGenerator,
  ) {}

  record(call: CallMade, outcome: PublishOutcome, finishedAt: Date): Promise<void> {
    const { job } = call;
    return this.log.record({
      id: this.ids.next(),
      workspaceId: job.workspaceId,
      postId: job.postId,
      targetId: job.targetId,
      connectionId: call.connectionId,
      attempt: call.attempt,
      segmentIndex: call.segmentIndex,
      startedAt: call.startedAt,
      finishedAt,
      outcome: outcome.kind,
      error: outcome.kind === 'published' ? null : outcome.reason,
      statusCode: outcome.statusCode ?? null,
      platformPostId: outcome.kind === 'published' ? outcome.platformPostId : null,
      readBack: (outcome.kind === 'published' && outcome.readBack === true) || outcome.kind === 'notPosted',
    });
  }
}
