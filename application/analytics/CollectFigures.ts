import { type FreshGrants } from '../connections/FreshGrants';
import { type PlatformConnectors } from '../connections/PlatformConnectors';
import { type Connection } from '../../domain/connection/Connection';
import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { nextCollection } from '../../domain/analytics/MetricsSchedule';
import { type Clock } from '../ports/Clock';
import { type PostReader } from '../ports/platforms/PostReader';
import { type Collection, type TargetMetrics, type TargetMetricsRow } from '../ports/TargetMetrics';
import { type ConnectionCallSlots } from '../publishing/ConnectionCallSlots';
import { sandboxFigures } from './sandboxFigures';

/** How the collector paces itself (docs/analytics.md, "Budgets"). */
export interface FiguresSettings {
  /** Figures are kept being collected this long after a post went out (its week, and a day's grace). */
  readonly windowMs: number;
  readonly batchSize: number;
  readonly leaseMs: number;
  /** Reads of figures per connection per hour, beside publishing's own calls. */
  readonly readsPerHour: number;
  /** How soon a failed read is tried again (never later than the schedule's next). */
  readonly retryMs: number;
}

const BUSY_MS = 60_000;

/**
 * One round of figure collection (docs/analytics.md), run by the worker's housekeeping: newly
 * published targets are taken on, the due ones read per connection through the platform's
 * reader, in its batches. Publishing goes first: a connection with calls under way, or past
 * its hourly budget of reads, waits; a rate limit defers the connection's reads until it lifts.
 * A failed read keeps the last figures and says why; a deleted post is reported as such.
 */
export class CollectFigures {
  constructor(
    private readonly metrics: TargetMetrics,
    private readonly connections: ConnectionRepository,
    private readonly connectors: PlatformConnectors,
    private readonly grants: FreshGrants,
    private readonly slots: ConnectionCallSlots,
    private readonly clock: Clock,
    private readonly settings: FiguresSettings,
  ) {}

  async run(owner: string): Promise<{ discovered: number; collected: number; deferred: number }> {
    const now = this.clock.now();
    const discovered = await this.metrics.discover(new Date(now.getTime() - this.settings.windowMs), this.settings.batchSize);
    const due = await this.metrics.claimDue(owner, now, this.settings.leaseMs, this.settings.batchSize);
    const byConnection = new Map<string, TargetMetricsRow[]>();
    for (const row of due) byConnection.set(row.connectionId, [...(byConnection.get(row.connectionId) ?? []), row]);
    let collected = 0;
    let deferred = 0;
    for (const [connectionId, rows] of byConnection) {
      const outcome = await this.collect(connectionId, rows, owner, now);
      collected += outcome.collected;
      deferred += outcome.deferred;
    }
    return { discovered, collected, deferred };
  }

  private async collect(connectionId: string, rows: TargetMetricsRow[], owner: string, now: Date): Promise<{ collected: number; deferred: number }> {
    const later = async (ms: number) => {
      await this.metrics.defer(ids(rows), owner, new Date(now.getTime() + ms));
      return { collected: 0, deferred: rows.length };
    };
    // Publishing first: its calls hold the connection's slots in this process.
    if (this.slots.inFlight(connectionId) > 0) return later(BUSY_MS);
    const connection = await this.connections.findById(connectionId);
    if (connection?.isSandbox === true)
      return this.keep(rows, owner, now, (row) => ({ kind: 'counts', counts: sandboxFigures(row.targetId, row.postedAt, now), raw: {} }));
    const reader = connection === null ? undefined : this.connectors.get(connection.platform)?.reader;
    const why = this.unreadable(connection, reader);
    // Nothing to read until the account is connected again; nothing ever where the platform reports no figures.
    if (why !== null) return this.keep(rows, owner, now, () => ({ kind: 'failed', reason: why.reason }), why.final);
    const grant = await this.grants.of(connection!, this.connectors.get(connection!.platform)!, false);
    if (!grant.ok) return this.keep(rows, owner, now, () => ({ kind: 'failed', reason: grant.failure.reason }));
    const account = { accountId: connection!.accountId, handle: connection!.handle, publishAs: connection!.publishAs };
    const size = Math.max(1, reader!.figuresBatchSize ?? 1);
    let collected = 0;
    for (let at = 0; at < rows.length; at += size) {
      const batch = rows.slice(at, at + size);
      // Each call is one of the connection's reads of the hour; past them, the rest wait for the next hour.
      const nextRead = await this.metrics.spendRead(connectionId, now, this.settings.readsPerHour);
      if (nextRead !== null) {
        await this.metrics.defer(ids(rows.slice(at)), owner, nextRead);
        return { collected, deferred: rows.length - at };
      }
      const read = await reader!.figures!({ account, grant: grant.grant, platformPostIds: batch.map((r) => r.platformPostId) });
      if (!read.ok && read.retryAfterSeconds !== null) {
        // Rate limited: the last figures stay, the reason is kept, and the connection's reads wait, those due before the reset too.
        const reset = new Date(now.getTime() + read.retryAfterSeconds * 1000);
        await this.metrics.holdConnection(connectionId, reset);
        await this.record(rows.slice(at), owner, now, () => ({ kind: 'failed', reason: read.reason }), reset);
        return { collected, deferred: rows.length - at };
      }
      await this.record(batch, owner, now, (row) => {
        if (!read.ok) return { kind: 'failed', reason: read.reason };
        return read.figures.get(row.platformPostId) ?? { kind: 'failed', reason: 'the platform did not report this post' };
      });
      collected += batch.length;
    }
    return { collected, deferred: 0 };
  }

  private unreadable(connection: Connection | null, reader: PostReader | undefined): { reason: string; final: boolean } | null {
    if (connection === null) return { reason: 'the connection was removed', final: true };
    if (connection.status !== 'active') return { reason: `the connection is ${connection.status}: connect the account again`, final: false };
    if (reader?.figures === undefined) return { reason: `${connection.platform} reports no figures to this service (docs/analytics.md)`, final: true };
    return null;
  }

  private async keep(rows: TargetMetricsRow[], owner: string, now: Date, what: (row: TargetMetricsRow) => Collection['collected'], final = false) {
    await this.record(rows, owner, now, what, final ? null : undefined);
    return { collected: rows.length, deferred: 0 };
  }

  /**
   * Each row's collection, and its next: the schedule's, or sooner after a failure (`retryAt`
   * when the platform said when; null when nothing will ever be read).
   */
  private record(rows: TargetMetricsRow[], owner: string, now: Date, what: (row: TargetMetricsRow) => Collection['collected'], retryAt?: Date | null) {
    const collections = rows.map((row) => {
      const collected = what(row);
      const scheduled = nextCollection(row.postedAt, now);
      const retry = retryAt ?? new Date(now.getTime() + this.settings.retryMs);
      // A failed read is tried again soon, within the post's window even after its last scheduled read.
      const inWindow = now.getTime() - row.postedAt.getTime() < this.settings.windowMs;
      const failedNext = scheduled === null ? (inWindow ? retry : null) : new Date(Math.min(scheduled.getTime(), retry.getTime()));
      const nextAt = retryAt === null ? null : collected.kind === 'failed' ? failedNext : scheduled;
      return { targetId: row.targetId, connectionId: row.connectionId, collected, at: now, nextAt };
    });
    return this.metrics.record(collections, owner);
  }
}

const ids = (rows: readonly TargetMetricsRow[]) => rows.map((r) => r.targetId);
