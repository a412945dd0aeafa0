/**
 * The reasons a failed target shows its user (docs/product.md, "Post lifecycle": nothing
 * fails without a human-readable reason). A thread's failure names its segment, so the
 * user knows how much of it is already out.
 */
export const OUTCOME_UNKNOWN = 'publish outcome unknown';
export const WORKER_STOPPED = `${OUTCOME_UNKNOWN}: the worker stopped during the call`;

export function inSegment(index: number, count: number, reason: string): string {
  return count > 1 ? `segment ${index + 1} of ${count}: ${reason}` : reason;
}

/** Said once, whether or not the platform's reason already says it. */
export const outcomeUnknown = (reason: string): string => `${OUTCOME_UNKNOWN}: ${whyUnknown(reason)}`;
/** A lost call's reason without its "publish outcome unknown: " (a platform's reason may carry it). */
export const whyUnknown = (reason: string): string => (reason.startsWith(`${OUTCOME_UNKNOWN}: `) ? reason.slice(OUTCOME_UNKNOWN.length + 2) : reason);
/** Read back after a lost answer, the post is not on the platform: a retry posts it once. */
export const NOT_POSTED = 'nothing was posted';
export const notPosted = (reason: string): string => `${NOT_POSTED}: ${reason}`;
export const needsReconnect = (reason: string): string => `the account needs to be reconnected: ${reason}`;
export const gaveUp = (attempts: number, reason: string): string => `gave up after ${attempts} attempts: ${reason}`;

/**
 * Whether retrying a failed target may help (a `target.failed` event says so): after a
 * transient failure that outlasted its retries, an unknown outcome (check the platform
 * first: it may be out already), or a lost answer read back as never posted. A refusal, or a grant to reconnect first, will not.
 */
export const retryMayHelp = (reason: string): boolean => reason.includes('gave up after ') || reason.includes(OUTCOME_UNKNOWN) || reason.includes(NOT_POSTED);
