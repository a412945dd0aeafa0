import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { isRateLimited, isTemporary, metaErrorOf, RATE_LIMIT_RETRY_SECONDS, RETRY_SECONDS, TOKEN_REFUSED, threadsMessage } from './threadsErrors';
import { type ThreadsAnswer } from './ThreadsHttp';
import { unansweredOutcome } from '../shared/failedCallOutcomes';

/**
 * Where a failed call stood: `preparing` (a container, its status: nothing is public, so the
 * call can be made again; an unpublished container expires on its own) or `publishing`
 * (`threads_publish`: once Threads may have received it, trying again could publish twice).
 */
export type CallStage = 'preparing' | 'publishing';

/** The outcome of a call that did not succeed. */
export function failedCallOutcome(answer: ThreadsAnswer, stage: CallStage): PublishOutcome {
  if (answer.kind !== 'answered') return unansweredOutcome(answer, stage === 'publishing', RETRY_SECONDS);
  const { status: statusCode } = answer;
  const error = metaErrorOf(answer.text);
  const reason = threadsMessage(error, statusCode);
  if (error.code === TOKEN_REFUSED) return { kind: 'needsReconnect', reason, statusCode };
  if (isRateLimited(error, statusCode)) return { kind: 'retryLater', afterSeconds: RATE_LIMIT_RETRY_SECONDS, reason, statusCode };
  if (isTemporary(error, statusCode)) {
    return stage === 'publishing'
      ? { kind: 'outcomeUnknown', reason: `publish outcome unknown: ${reason}`, statusCode }
      : { kind: 'retryLater', afterSeconds: RETRY_SECONDS, reason, statusCode };
  }
  return { kind: 'rejected', reason, statusCode };
}
