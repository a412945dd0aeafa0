import { COUNT_NAMES } from '../../../../../domain/analytics/PostCounts';

export const DAY_MS = 86_400_000;

/** The UTC day's number (days since 1970-01-01) of an instant in epoch milliseconds. */
export const dayNumberOf = (ms: number): number => Math.floor(ms / DAY_MS);

/** A live (not deleted) target_metrics row as the kept days count it: its figures in COUNT_NAMES' order. */
export interface LiveTarget {
  readonly targetId: string;
  readonly workspaceId: string;
  readonly postId: string;
  readonly connectionId: string;
  readonly platform: string;
  readonly day: number;
  readonly figures: ReadonlyArray<number | null>;
}

/**
 * One row of analytics_days: per workspace, UTC day and scope (`*` the workspace, `p:<platform>`,
 * `c:<connection>`), the posts with a live target there that day; on a connection's row also
 * its platform, its live targets and, per figure, the sum and the number of targets reporting it.
 */
export interface DayCell {
  readonly workspaceId: string;
  readonly day: number;
  readonly scope: string;
  platform: string;
  posts: number;
  targets: number;
  readonly sums: number[];
  readonly reported: number[];
}

/** A post's two consecutive days in one scope (analytics_post_links): the range's posts are its days' posts less the links inside it. */
export interface PostLink {
  readonly workspaceId: string;
  readonly scope: string;
  readonly day: number;
  readonly nextDay: number;
  readonly postId: string;
}

export const cellKey = (c: Pick<DayCell, 'workspaceId' | 'day' | 'scope'>): string => `${c.workspaceId}|${String(c.day).padStart(8, '0')}|${c.scope}`;
export const linkKey = (l: PostLink): string => `${l.workspaceId}|${l.scope}|${l.day}|${l.nextDay}|${l.postId}`;

export const newCell = (workspaceId: string, day: number, scope: string, platform: string): DayCell => ({
  workspaceId,
  day,
  scope,
  platform,
  posts: 0,
  targets: 0,
  sums: COUNT_NAMES.map(() => 0),
  reported: COUNT_NAMES.map(() => 0),
});

/** What a set of changes does to the kept days: cells to add (negative to take away), links gone and new. */
export class DayChanges {
  readonly cells = new Map<string, DayCell>();
  readonly linksGone = new Map<string, PostLink>();
  readonly linksNew = new Map<string, PostLink>();

  private cell(workspaceId: string, day: number, scope: string, platform: string): DayCell {
    const key = cellKey({ workspaceId, day, scope });
    const cell = this.cells.get(key) ?? newCell(workspaceId, day, scope, platform);
    this.cells.set(key, cell);
    return cell;
  }

  /** A target's own part, added (sign 1) or taken away (-1): a target and its figures on its connection's day. */
  target(t: LiveTarget, sign: 1 | -1): void {
    const cell = this.cell(t.workspaceId, t.day, `c:${t.connectionId}`, t.platform);
    cell.targets += sign;
    t.figures.forEach((value, i) => {
      if (value === null) return;
      cell.sums[i]! += sign * value;
      cell.reported[i]! += sign;
    });
  }

  /** Posts' live targets before and after a change (every target of each post on both sides): their targets' and posts' parts. */
  postsChanged(before: readonly LiveTarget[], after: readonly LiveTarget[]): void {
    const wasById = new Map(before.map((t) => [t.targetId, t]));
    const isById = new Map(after.map((t) => [t.targetId, t]));
    for (const [id, t] of wasById) if (!sameTarget(t, isById.get(id))) this.target(t, -1);
    for (const [id, t] of isById) if (!sameTarget(t, wasById.get(id))) this.target(t, 1);
    const byPost = new Map<string, [LiveTarget[], LiveTarget[]]>();
    const side = (postId: string): [LiveTarget[], LiveTarget[]] => {
      const sides = byPost.get(postId) ?? [[], []];
      byPost.set(postId, sides);
      return sides;
    };
    for (const t of before) side(t.postId)[0].push(t);
    for (const t of after) side(t.postId)[1].push(t);
    for (const [was, is] of byPost.values()) this.post(was, is);
  }

  /** A post's part in the posts' counts, from its live targets before and after the change. */
  post(before: readonly LiveTarget[], after: readonly LiveTarget[]): void {
    const was = presenceOf(before);
    const is = presenceOf(after);
    for (const [key, p] of was) if (!is.has(key)) this.cell(p.workspaceId, p.day, p.scope, p.platform).posts -= 1;
    for (const [key, p] of is) if (!was.has(key)) this.cell(p.workspaceId, p.day, p.scope, p.platform).posts += 1;
    const linksWere = linksOf(was.values());
    const linksAre = linksOf(is.values());
    for (const [key, link] of linksWere) if (!linksAre.has(key)) this.linksGone.set(key, link);
    for (const [key, link] of linksAre) if (!linksWere.has(key)) this.linksNew.set(key, link);
  }
}

const sameTarget = (a: LiveTarget, b: LiveTarget | undefined): boolean => b !== undefined && a.figures.every((value, i) => value === b.figures[i]);

interface Presence {
  workspaceId: string;
  postId: string;
  day: number;
  scope: string;
  platform: string;
}

/** Where one post's live targets are: each (day, scope) once. */
function presenceOf(targets: readonly LiveTarget[]): Map<string, Presence> {
  const found = new Map<string, Presence>();
  for (const t of targets) {
    const scopes: Array<[string, string]> = [
      ['*', ''],
      [`p:${t.platform}`, t.platform],
      [`c:${t.connectionId}`, t.platform],
    ];
    for (const [scope, platform] of scopes) {
      found.set(`${t.postId}|${t.day}|${scope}`, { workspaceId: t.workspaceId, postId: t.postId, day: t.day, scope, platform });
    }
  }
  return found;
}

/** Per post and scope, each pair of consecutive days it is present on. */
function linksOf(presences: Iterable<Presence>): Map<string, PostLink> {
  const days = new Map<string, Presence[]>();
  for (const p of presences) {
    const key = `${p.postId}|${p.scope}`;
    days.set(key, [...(days.get(key) ?? []), p]);
  }
  const links = new Map<string, PostLink>();
  for (const list of days.values()) {
    list.sort((a, b) => a.day - b.day);
    for (let i = 1; i < list.length; i++) {
      const link = { workspaceId: list[i]!.workspaceId, scope: list[i]!.scope, day: list[i - 1]!.day, nextDay: list[i]!.day, postId: list[i]!.postId };
      links.set(linkKey(link), link);
    }
  }
  return links;
}
