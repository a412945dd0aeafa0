import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { isDeadToken, metaErrorOf, throttledFor } from './instagramErrors';
import { type InstagramAnswer } from './InstagramHttp';
import { unansweredOutcome } from '../shared/failedCallOutcomes';

/**
 * Where a failed call stood: `preparing` (a container, or asking about one: nothing is public
 * yet, so any failure can be tried again; an unused container expires by itself) or `creating`
 * (media_publish or a comment: once Instagram may have received it, trying again could
 * publish twice; Instagram takes no idempotency key).
 */
export type CallStage = 'preparing' | 'creating';

const DEFAULT_RETRY_SECONDS = 60;

/** The outcome of a call that did not succeed. */
export function failedCallOutcome(answer: InstagramAnswer, stage: CallStage): PublishOutcome {
  if (answer.kind !== 'answered') return unansweredOutcome(answer, stage === 'creating', DEFAULT_RETRY_SECONDS);
  const statusCode = answer.status;
  if (statusCode >= 200 && statusCode < 300) {
    const reason = `Instagram answered ${statusCode} without what was asked for`;
    return stage === 'creating'
      ? { kind: 'outcomeUnknown', reason: `publish outcome unknown: ${reason}`, statusCode }
      : { kind: 'retryLater', afterSeconds: DEFAULT_RETRY_SECONDS, reason, statusCode };
  }
  const error = metaErrorOf(answer.text, statusCode);
  const reason = error.message;
  if (isDeadToken(error)) return { kind: 'needsReconnect', reason, statusCode };
  const throttled = throttledFor(error);
  if (throttled !== null || statusCode === 429) return { kind: 'retryLater', afterSeconds: throttled ?? DEFAULT_RETRY_SECONDS, reason, statusCode };
  if (statusCode >= 500) {
    return stage === 'creating'
      ? { kind: 'outcomeUnknown', reason: `publish outcome unknown: ${reason}`, statusCode }
      : { kind: 'retryLater', afterSeconds: DEFAULT_RETRY_SECONDS, reason, statusCode };
  }
  // 9004 and the 2207xxx subcodes (media Instagram could not fetch or take) land here with Meta's message.
  return { kind: 'rejected', reason, statusCode };
}
