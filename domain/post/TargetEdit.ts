import { conflict } from '../shared/DomainError';
import { type Group } from './Group';
import { checkGroupForPlatform } from './PlatformContentRules';
import { checkConnection, checkTiming } from './PostContent';
import { scheduleProblem } from './PostLifecycle';
import { type TargetChanges, type TargetEditContext } from './PostInputs';
import { type PostStatus } from './PostStatus';
import { type Target } from './Target';
import { type TargetSettings, readTargetSettings } from './TargetSettings';
import { ValidationProblems } from '../shared/ValidationProblems';

export interface TargetEditRules {
  readonly workspaceId: string;
  readonly groups: readonly Group[];
  /** The post goes out by its targets' times, so a changed time must lie ahead. */
  readonly timeMustBeFuture: boolean;
}

/** What an edit of one target needs to know of its post. */
export interface TargetEditPost {
  readonly workspaceId: string;
  readonly groups: readonly Group[];
  readonly status: PostStatus;
  /** Scheduled, waiting for its targets' times. */
  readonly awaitsTime: boolean;
}

/**
 * One pending target changed by the create-time rules: 409 `target_not_pending` for any
 * other, 409 `review_required` for a change needing review of a post already going out
 * target by target, else applyTargetChanges' 422.
 */
export function editPendingTarget(current: Target, changes: TargetChanges, post: TargetEditPost, ctx: TargetEditContext): Target {
  if (current.status !== 'pending') {
    throw conflict('target_not_pending', `only a pending target can be changed (target ${current.id} is ${current.status})`);
  }
  if (ctx.reviewRequired && post.status === 'publishing') {
    throw conflict('review_required', 'this change needs review, and the post is already publishing');
  }
  // A scheduled post (or one publishing target by target) goes out by these times.
  const rules = { workspaceId: post.workspaceId, groups: post.groups, timeMustBeFuture: post.awaitsTime || post.status === 'publishing' };
  return current.withChanges(applyTargetChanges(current, changes, rules, ctx));
}

/**
 * Applies the create-time rules to a change of one target and returns its new fields, or
 * fails with 422 `invalid_target` listing every problem. Paths are those of the target
 * update body (`groupId`, `settings.values.privacy`, `scheduledAt`); content problems point
 * at the post's group (`groups[1].segments[0].text`).
 */
export function applyTargetChanges(
  current: Target,
  changes: TargetChanges,
  rules: TargetEditRules,
  ctx: TargetEditContext,
): { groupId: string; settings: TargetSettings; scheduledAt: Date | null } {
  const problems = new ValidationProblems();
  const groupId = changes.groupId ?? current.groupId;
  const groupIndex = rules.groups.findIndex((g) => g.id === groupId);
  if (groupIndex < 0) problems.add('groupId', 'does not name a group of this post');

  let settings = current.settings;
  if (changes.settings !== undefined && changes.settings !== null) {
    const reading = readTargetSettings(changes.settings);
    if (reading.ok) settings = reading.settings;
    else problems.addAll(reading.problems);
    const context = { workspaceId: rules.workspaceId, connectionOf: ctx.connectionOf };
    checkConnection(current.connectionId, reading.ok ? reading.settings : undefined, context, '', problems);
  }
  const group = rules.groups[groupIndex];
  if (group) checkGroupForPlatform(group, `groups[${groupIndex}]`, settings.platform, problems);

  const scheduledAt = changes.scheduledAt === undefined ? current.scheduledAt : changes.scheduledAt;
  if (changes.scheduledAt !== undefined) {
    checkTiming(scheduledAt, 'scheduledAt', problems);
    const problem = rules.timeMustBeFuture ? scheduleProblem(scheduledAt, ctx.now) : undefined;
    if (problem) problems.add('scheduledAt', problem);
  }
  problems.throwIfAny('invalid_target');
  return { groupId, settings, scheduledAt };
}
