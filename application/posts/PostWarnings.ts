import { type Connection } from '../../domain/connection/Connection';
import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { postBudgetOf } from '../../domain/platform/Platform';
import { type ErrorDetail } from '../../domain/shared/DomainError';
import { type AttemptLog } from '../ports/AttemptLog';
import { type PostViews } from '../ports/PostViews';

const HOUR_MS = 3_600_000;
const PAGE = 100;

/** A target of a post being checked: where it is in the request, its account, and when it would go out (null: no time). */
export interface TargetTiming {
  readonly path: string;
  readonly connectionId: string;
  readonly at: Date | null;
  /** Its time is the next free slot of its connection's schedule, not one the request gave. */
  readonly queued: boolean;
}

/**
 * What would go wrong later for a post that create accepts now (docs/posts-import-export.md,
 * "Dry run"): an account that needs reconnecting (every publish to it fails until then), a
 * platform's post budget (PublishingLimits) already spent in the window before the target's
 * time, so the target would wait; and the slot a queued target would take, which only
 * creating the post holds. Reads only.
 */
export class PostWarnings {
  constructor(
    private readonly connections: ConnectionRepository,
    private readonly attempts: AttemptLog,
    private readonly views: PostViews,
  ) {}

  async of(workspaceId: string, targets: readonly TargetTiming[]): Promise<ErrorDetail[]> {
    const found = await this.connections.findByIds([...new Set(targets.map((t) => t.connectionId))]);
    const byId = new Map(found.filter((c) => c.workspaceId === workspaceId).map((c) => [c.id, c]));
    const warnings: ErrorDetail[] = [];
    for (const target of targets) {
      // A connection create refuses (unknown, another workspace's, disconnected) is a problem, not a warning.
      const connection = byId.get(target.connectionId);
      if (connection === undefined || connection.status === 'disconnected') continue;
      if (connection.status === 'needs_reconnect') {
        const reason = connection.statusReason ?? 'the platform no longer accepts its grant';
        warnings.push({
          path: `${target.path}.connectionId`,
          message: `the connection needs reconnecting (${reason}): publishing to it fails until it is connected again`,
        });
      }
      if (target.at === null) continue;
      const when = `${target.path}.${target.queued ? 'queue' : 'scheduledAt'}`;
      if (target.queued) {
        warnings.push({
          path: when,
          message: `would take the slot at ${target.at.toISOString()}; only creating the post holds it, so another post may take it first`,
        });
      }
      const over = await this.overBudget(workspaceId, connection, target.at);
      if (over !== null) warnings.push({ path: when, message: over });
    }
    return warnings;
  }

  /** Why the platform's post budget would hold the target back at `at`, or null when it has room. */
  private async overBudget(workspaceId: string, connection: Connection, at: Date): Promise<string | null> {
    const budget = postBudgetOf(connection.platform);
    if (budget === null) return null;
    const since = new Date(at.getTime() - budget.windowHours * HOUR_MS);
    const made = (await this.attempts.postsAfter(connection.id, since)).filter((posted) => posted.getTime() <= at.getTime()).length;
    const used = made + (await this.dueBetween(workspaceId, connection.id, since, at, budget.posts - made));
    if (used < budget.posts) return null;
    return (
      `${connection.platform} takes at most ${budget.posts} posts from one account in ${budget.windowHours} hours, and this connection ` +
      `already has ${used}, published or due, in the ${budget.windowHours} hours up to ${at.toISOString()}: the target would wait until one leaves that window`
    );
  }

  /**
   * The connection's targets that will go out in (since, until]: pending or on their way, of a
   * post that is scheduled or publishing. Counted up to `enough`, read from the calendar of
   * posts.list (its connection filter), a page at a time.
   */
  private async dueBetween(workspaceId: string, connectionId: string, since: Date, until: Date, enough: number): Promise<number> {
    let due = 0;
    const range = { connectionId, from: new Date(since.getTime() + 1), to: new Date(until.getTime() + 1) };
    for (let offset = 0; due < enough; offset += PAGE) {
      const { items } = await this.views.list({ workspaceId, targets: range, sort: 'scheduledAt', limit: PAGE, offset });
      for (const post of items) {
        if (post.status !== 'scheduled' && post.status !== 'publishing') continue;
        due += post.targets.filter(
          (t) =>
            t.connectionId === connectionId &&
            (t.status === 'pending' || t.status === 'publishing') &&
            t.scheduledAt !== null &&
            t.scheduledAt.getTime() > since.getTime() &&
            t.scheduledAt.getTime() <= until.getTime(),
        ).length;
      }
      if (items.length < PAGE) break;
    }
    return due;
  }
}
