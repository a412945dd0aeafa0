import { type Clock } from '../../application/ports/Clock';
import { type PlatformPublisher, type PublishOutcome, type SegmentToPublish } from '../../application/ports/PlatformPublisher';

/** One scripted answer: an outcome, an error to throw, or a call held until the test lets it go. */
export type ScriptStep = PublishOutcome | Error | HeldCall;

/** A call that waits: `arrived` resolves once the engine is inside it, `answer` ends it. */
export class HeldCall {
  private arrive!: () => void;
  private finish!: (outcome: PublishOutcome) => void;
  readonly arrived = new Promise<void>((resolve) => {
    this.arrive = resolve;
  });
  private readonly answered = new Promise<PublishOutcome>((resolve) => {
    this.finish = resolve;
  });

  wait(): Promise<PublishOutcome> {
    this.arrive();
    return this.answered;
  }

  answer(outcome: PublishOutcome): void {
    this.finish(outcome);
  }
}

/**
 * A PlatformPublisher for tests: answers each call with the next scripted step (published,
 * with a fresh id, once the script is used up), and keeps every call it received.
 */
export class ScriptedPublisher implements PlatformPublisher {
  readonly calls: SegmentToPublish[] = [];
  private readonly script: ScriptStep[] = [];

  constructor(private readonly clock: Clock) {}

  /** Appends answers for the next calls, in order. */
  will(...steps: ScriptStep[]): this {
    this.script.push(...steps);
    return this;
  }

  async publish(segment: SegmentToPublish): Promise<PublishOutcome> {
    this.calls.push(segment);
    const step = this.script.shift() ?? published(`pp_${this.calls.length}`, this.clock.now());
    if (step instanceof Error) throw step;
    if (step instanceof HeldCall) return step.wait();
    return step;
  }
}

export const published = (platformPostId: string, postedAt: Date): PublishOutcome => ({
  kind: 'published',
  platformPostId,
  platformPostUrl: `https://platform.test/p/${platformPostId}`,
  postedAt,
});
export const retryLater = (afterSeconds: number, reason = 'HTTP 503: service unavailable'): PublishOutcome => ({ kind: 'retryLater', afterSeconds, reason });
export const rejected = (reason: string): PublishOutcome => ({ kind: 'rejected', reason });
export const needsReconnect = (reason: string): PublishOutcome => ({ kind: 'needsReconnect', reason });
export const outcomeUnknown = (reason: string): PublishOutcome => ({ kind: 'outcomeUnknown', reason });
export const processing = (checkpoint: string, afterSeconds = 5, reason = 'the container is IN_PROGRESS'): PublishOutcome => ({
  kind: 'processing',
  afterSeconds,
  checkpoint,
  reason,
});
