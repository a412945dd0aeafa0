// The words of a failed target are the domain's (a target.failed event reads them too).
export {
  gaveUp,
  inSegment,
  needsReconnect,
  NOT_POSTED,
  notPosted,
  OUTCOME_UNKNOWN,
  outcomeUnknown,
  retryMayHelp,
  whyUnknown,
  WORKER_STOPPED,
} from '../../domain/post/failureReasons';

/** A worker changes nothing once another took its job: the unit of work rolls back. */
export class LeaseLost extends Error {
  constructor(targetId: string, owner: string) {
    super(`the lease on target ${targetId} is no longer held by ${owner}`);
    this.name = 'LeaseLost';
  }
}

/** What one job came to in a round: for the worker's log and the tests. */
export type JobResult =
  | 'published'
  | 'segment_published'
  | 'retry_scheduled'
  | 'processing'
  | 'reading_back'
  | 'failed'
  | 'not_due_yet'
  | 'connection_busy'
  | 'over_budget'
  | 'not_publishable'
  | 'given_back'
  | 'lease_lost'
  | 'error';
