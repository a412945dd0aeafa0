import { conflict } from '../shared/DomainError';
import { PUBLISHING_STATUSES, type PostIntent, type PostStatus, type ReviewableIntent } from './PostStatus';
import { type ValidationProblems } from '../shared/ValidationProblems';

/**
 * Where a post stands before publishing begins. `requestedIntent` remembers, while a post
 * waits for review (or for changes after one), whether approval should schedule it or
 * publish it at once.
 */
export interface LifecyclePosition {
  readonly status: PostStatus;
  readonly requestedIntent: ReviewableIntent | null;
}

/**
 * docs/product.md "Post lifecycle": draft → draft; schedule → scheduled; publish_now →
 * publishing; when review is needed (submitForReview, or a contributor) schedule and
 * publish_now go to pending_review instead.
 */
export function positionForIntent(intent: PostIntent, needsReview: boolean): LifecyclePosition {
  if (intent === 'draft') return { status: 'draft', requestedIntent: null };
  if (needsReview) return { status: 'pending_review', requestedIntent: intent };
  return { status: intent === 'schedule' ? 'scheduled' : 'publishing', requestedIntent: null };
}

/**
 * What an edit does to the status. An explicit intent applies the creation rules. An absent
 * intent keeps the post where it is, because silently unscheduling a post whose text was
 * fixed would surprise its author; an explicit `draft` unschedules. Keeping a scheduled post
 * scheduled still goes through review when review is needed, so a contributor cannot change
 * approved content and have it published unreviewed. A post waiting for review (or sent back
 * with changes) stays there until its author states an intent again.
 */
export function positionAfterEdit(current: LifecyclePosition, intent: PostIntent | null | undefined, needsReview: boolean): LifecyclePosition {
  if (intent !== undefined && intent !== null) return positionForIntent(intent, needsReview);
  if (current.status === 'scheduled') return positionForIntent('schedule', needsReview);
  return current;
}

/** A post that will be (or may be, once approved) scheduled needs a future time on every target. */
export const awaitsSchedule = (p: LifecyclePosition): boolean =>
  p.status === 'scheduled' || (p.status === 'pending_review' && p.requestedIntent === 'schedule');

/** A post on its way to a platform: it must have somewhere to go. */
const headsForPublishing = (p: LifecyclePosition): boolean => p.status === 'scheduled' || p.status === 'publishing' || p.status === 'pending_review';

/** The checks the intent adds to the content checks, on the request's own target list. */
export function checkReadiness(
  position: LifecyclePosition,
  targets: readonly { readonly scheduledAt: Date | null }[],
  now: Date,
  problems: ValidationProblems,
): void {
  if (headsForPublishing(position) && targets.length === 0) {
    problems.add('targets', 'must hold at least one target to schedule or publish');
  }
  if (!awaitsSchedule(position)) return;
  targets.forEach((t, i) => {
    const message = scheduleProblem(t.scheduledAt, now);
    if (message) problems.add(`targets[${i}].scheduledAt`, message);
  });
}

/** Why a time cannot schedule a target, or undefined when it can. */
export function scheduleProblem(at: Date | null, now: Date): string | undefined {
  if (at === null) return 'is required to schedule the post';
  if (Number.isNaN(at.getTime())) return undefined; // reported as an invalid time already
  return at.getTime() > now.getTime() ? undefined : 'must be in the future';
}

/**
 * Approving a time that has passed would publish late without anyone deciding so: 409, and
 * the author picks a new time (an edit keeps the post in review).
 */
export function assertTimesStillAhead(targets: readonly { readonly id: string; readonly scheduledAt: Date | null }[], now: Date): void {
  const late = targets.filter((t) => scheduleProblem(t.scheduledAt, now) !== undefined);
  if (late.length > 0) {
    throw conflict('scheduled_time_passed', `the scheduled time of target(s) ${late.map((t) => t.id).join(', ')} is no longer in the future`);
  }
}

export function assertAwaitingReview(status: PostStatus): void {
  if (status !== 'pending_review') throw conflict('post_not_in_review', `a ${status} post is not waiting for review`);
}

/** The worker's transitions: only on a post that is scheduled or past publishing's start. */
export function assertPublishingAllowed(status: PostStatus): void {
  if (status !== 'scheduled' && !PUBLISHING_STATUSES.includes(status)) {
    throw conflict('post_not_publishing', `a ${status} post is not being published`);
  }
}

/** Publishing now is for a draft, a scheduled post or one sent back for changes, with a target to go to (409). */
export function assertPublishableNow(status: PostStatus, targetCount: number): void {
  if (!['draft', 'scheduled', 'changes_requested'].includes(status)) {
    throw conflict('post_not_publishable', `a ${status} post cannot be published now`);
  }
  if (targetCount === 0) throw conflict('post_has_no_targets', 'the post has no target to publish to');
}
