import { type Platform } from '../platform/Platform';

/**
 * Where a target sits on a calendar: when it went out once published, else when it is due.
 * A target with neither (a draft without a time, a publish-now still on its way) has no place.
 */
export const calendarTimeOf = (target: { readonly postedAt: Date | null; readonly scheduledAt: Date | null }): Date | null =>
  target.postedAt ?? target.scheduledAt;

/**
 * The calendar's question to a post's targets: a post is listed when ONE of its targets meets
 * every condition given, its calendar time in [from, to) (docs/posts.md, "The calendar").
 */
export interface TargetFilter {
  readonly from?: Date;
  readonly to?: Date;
  readonly platform?: Platform;
  readonly connectionId?: string;
}

/** posts.list's orders: creation (newest first, the default) or calendar time (soonest first). */
export const POST_LIST_SORTS = ['createdAt', 'scheduledAt'] as const;
export type PostListSort = (typeof POST_LIST_SORTS)[number];

interface CalendarTarget {
  readonly connectionId: string;
  readonly settings: { readonly platform: Platform };
  readonly postedAt: Date | null;
  readonly scheduledAt: Date | null;
}

export const filtersTargets = (filter: TargetFilter | undefined): filter is TargetFilter =>
  filter !== undefined && (filter.from !== undefined || filter.to !== undefined || filter.platform !== undefined || filter.connectionId !== undefined);

export function targetMatches(target: CalendarTarget, filter: TargetFilter): boolean {
  if (filter.platform !== undefined && target.settings.platform !== filter.platform) return false;
  if (filter.connectionId !== undefined && target.connectionId !== filter.connectionId) return false;
  if (filter.from === undefined && filter.to === undefined) return true;
  const at = calendarTimeOf(target)?.getTime();
  if (at === undefined) return false;
  return (filter.from === undefined || at >= filter.from.getTime()) && (filter.to === undefined || at < filter.to.getTime());
}

/**
 * What sort=scheduledAt orders a post by: the earliest calendar time among its targets that
 * match (all of them without a filter); null when none has a time, and such posts come last.
 */
export function earliestCalendarTime(targets: readonly CalendarTarget[], filter: TargetFilter | undefined): Date | null {
  let earliest: Date | null = null;
  for (const target of targets) {
    if (filter !== undefined && !targetMatches(target, filter)) continue;
    const at = calendarTimeOf(target);
    if (at !== null && (earliest === null || at.getTime() < earliest.getTime())) earliest = at;
  }
  return earliest;
}
