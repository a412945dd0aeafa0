import { type Platform } from '../platform/Platform';
import { Group, type GroupInput } from './Group';
import { checkGroupForPlatform } from './PlatformContentRules';
import { Target } from './Target';
import { type TargetSettings, readTargetSettings } from './TargetSettings';
import { type ValidationProblems, joinPath } from '../shared/ValidationProblems';

/** A target as the request carries it; `settings` is still untrusted (its shape varies by platform). */
export interface TargetInput {
  readonly id: string;
  readonly connectionId: string;
  readonly groupId: string;
  readonly settings: unknown;
  readonly scheduledAt: Date | null;
  /** Its time is a slot of the connection's posting schedule, already taken for it. */
  readonly queued?: boolean;
}

export interface ConnectionInfo {
  readonly platform: Platform;
  readonly workspaceId: string;
}

/** How the aggregate learns about connected accounts without knowing where they are stored. */
export type ConnectionLookup = (connectionId: string) => ConnectionInfo | undefined;

export interface ContentContext {
  readonly workspaceId: string;
  readonly connectionOf: ConnectionLookup;
}

export interface PostContent {
  readonly groups: readonly Group[];
  readonly targets: readonly Target[];
}

/**
 * Builds and cross-checks a post's groups and targets: every rule that involves more than
 * one part (ids, the default group, references, connections, per-platform limits).
 * Problems are collected, never thrown, so the caller reports them all at once.
 */
export function buildPostContent(
  input: { readonly groups: readonly GroupInput[]; readonly targets: readonly TargetInput[] },
  ctx: ContentContext,
  problems: ValidationProblems,
): PostContent {
  const groups = input.groups.map((g, i) => Group.create(g, `groups[${i}]`, problems));
  checkGroupIds(groups, problems);

  const targets: Target[] = [];
  const firstUseOf = new Map<string, number>();
  input.targets.forEach((t, i) => {
    const path = `targets[${i}]`;
    if (t.id.trim() === '') problems.add(`${path}.id`, 'must not be empty');
    const earlier = input.targets.findIndex((other) => other.id === t.id);
    if (earlier < i) problems.add(`${path}.id`, `duplicates the id of targets[${earlier}]`);
    // The same account twice in one post would publish the same thing twice.
    const sameConnection = firstUseOf.get(t.connectionId);
    if (sameConnection !== undefined) {
      problems.add(`${path}.connectionId`, `is already used by targets[${sameConnection}]`);
    } else firstUseOf.set(t.connectionId, i);

    const target = checkTarget(t, groups, ctx, path, problems);
    if (target) targets.push(target);
  });
  return { groups, targets };
}

/**
 * Validates one target against the post's groups and the workspace's connections, adding
 * problems under `path`; returns the Target when its settings could be read.
 */
export function checkTarget(t: TargetInput, groups: readonly Group[], ctx: ContentContext, path: string, problems: ValidationProblems): Target | undefined {
  const reading = readTargetSettings(t.settings);
  if (!reading.ok) problems.addAll(reading.problems, path);
  const settings = reading.ok ? reading.settings : undefined;

  checkConnection(t.connectionId, settings, ctx, path, problems);
  checkTiming(t.scheduledAt, joinPath(path, 'scheduledAt'), problems);
  const groupIndex = groups.findIndex((g) => g.id === t.groupId);
  if (groupIndex < 0) problems.add(joinPath(path, 'groupId'), 'does not name a group of this post');
  if (settings && groupIndex >= 0) {
    checkGroupForPlatform(groups[groupIndex]!, `groups[${groupIndex}]`, settings.platform, problems);
  }
  if (!settings) return undefined;
  return Target.create({ id: t.id, connectionId: t.connectionId, groupId: t.groupId, settings, scheduledAt: t.scheduledAt, queued: t.queued === true });
}

export function checkConnection(
  connectionId: string,
  settings: TargetSettings | undefined,
  ctx: ContentContext,
  path: string,
  problems: ValidationProblems,
): void {
  const connection = ctx.connectionOf(connectionId);
  // One message for "missing" and "another workspace's": existence elsewhere must not leak.
  if (!connection || connection.workspaceId !== ctx.workspaceId) {
    problems.add(joinPath(path, 'connectionId'), 'does not name a connected account of this workspace');
    return;
  }
  if (settings && settings.platform !== connection.platform) {
    problems.add(joinPath(path, 'settings.platform'), `must be ${connection.platform}, the platform of connection ${connectionId}`);
  }
}

export function checkTiming(at: Date | null, path: string, problems: ValidationProblems): void {
  if (at !== null && Number.isNaN(at.getTime())) problems.add(path, 'must be a valid time');
}

function checkGroupIds(groups: readonly Group[], problems: ValidationProblems): void {
  groups.forEach((g, i) => {
    const earlier = groups.findIndex((other) => other.id === g.id);
    if (earlier < i) problems.add(`groups[${i}].id`, `duplicates the id of groups[${earlier}]`);
  });
  const defaults = groups.filter((g) => g.isDefault).length;
  if (defaults !== 1) problems.add('groups', `exactly one group must be the default (found ${defaults})`);
}
