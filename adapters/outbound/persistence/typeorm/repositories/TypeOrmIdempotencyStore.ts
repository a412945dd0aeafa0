import { type DataSource, In, LessThanOrEqual, QueryFailedError, type Repository } from 'typeorm';
import { type Logger } from '../../../../../application/ports/Logger';
import { type IdempotencyBegin, type IdempotencyStore, type StoredResponse } from '../../../../../application/ports/IdempotencyStore';
import { type IdempotencyKeyRow, IdempotencyKeySchema } from '../schemas/IdempotencyKeySchema';
import { type Dialect, dialectOf } from '../sql/Dialect';
import { markingCommitsWithin } from '../transactionContext';
import { isUniqueViolation } from './uniqueViolation';

/**
 * A holder can vanish (abandoned) or expire between our failed insert and our read; each
 * round retries the insert. A key churning for this long is being hammered concurrently,
 * and "still running" is the honest answer.
 */
const MAX_ATTEMPTS = 4;
/**
 * How often an instance deletes expired records (from within `begin`, so no job is needed):
 * without it every key ever used, and the response stored with it, would stay in the table.
 */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Idempotency records in the shared database. Claimed, completed and abandoned on the
 * DataSource's own manager, never the UnitOfWork's transaction: the claim must outlive a
 * rolled-back business transaction, and other instances must see it at once. Only the mark
 * that the request took effect is written inside its transactions (markingEffects).
 */
export class TypeOrmIdempotencyStore implements IdempotencyStore {
  private readonly rows: Repository<IdempotencyKeyRow>;
  private readonly d: Dialect;
  /** When this instance next sweeps expired records, in the time of the `now` begin is given. */
  private nextSweepAtMs = Number.NEGATIVE_INFINITY;

  constructor(
    dataSource: DataSource,
    private readonly logger?: Logger,
  ) {
    this.rows = dataSource.manager.getRepository(IdempotencyKeySchema);
    this.d = dialectOf(dataSource);
  }

  async begin(scope: string, key: string, fingerprint: string, now: Date, leaseMs: number): Promise<IdempotencyBegin> {
    await this.sweepIfDue(now);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      // The primary key decides: of concurrent inserts exactly one succeeds, on every instance.
      if (await this.tryInsert({ scope, key, fingerprint, now, leaseMs })) return { outcome: 'started' };
      const holder = await this.rows.findOneBy({ scope, key });
      if (holder === null) continue; // abandoned meanwhile: try to take it
      if (holder.expiresAt.getTime() <= now.getTime()) {
        // A passed lease (a crashed request) or a passed keepUntil. Conditional on expiry, so a
        // fresh record another caller just inserted, or one its holder just completed (which
        // moved expires_at on), is never removed; the insert that follows races on the primary
        // key like any other.
        // Two deletes of one expired row can deadlock on InnoDB: the victim's is rolled back,
        // the other's goes through, and the next round's insert races as before.
        await this.rows.delete({ scope, key, expiresAt: LessThanOrEqual(now) }).catch(unlessDeadlock);
        continue;
      }
      return outcomeFor(holder, fingerprint, now, leaseMs);
    }
    return { outcome: 'in_progress' };
  }

  async complete(scope: string, key: string, response: StoredResponse, keepUntil: Date): Promise<void> {
    // expires_at moves from the lease's end to keepUntil in the same statement as the state.
    await this.rows.update(
      { scope, key, state: In(['in_progress', 'took_effect']) },
      {
        state: 'completed',
        responseStatus: response.status,
        responseContentType: response.contentType,
        responseBody: response.body,
        responseEtag: response.etag ?? null,
        expiresAt: keepUntil,
      },
    );
  }

  async abandon(scope: string, key: string): Promise<void> {
    // Only an in-progress record: a completed one is a result that must keep replaying, and
    // one that took effect must never run again; it now answers so without waiting for its lease.
    await this.rows.delete({ scope, key, state: 'in_progress' });
    await this.rows.update({ scope, key, state: 'took_effect' }, { state: 'answer_lost' });
  }

  /**
   * One UPDATE of the record by its primary key in each transaction the work commits, the
   * last statement before COMMIT. Only while in progress: a second unit of the same request
   * finds it marked already and changes nothing.
   */
  markingEffects<T>(scope: string, key: string, keepUntil: Date, work: () => Promise<T>): Promise<T> {
    // A plain statement, not the repository's update: it runs in every keyed write's transaction.
    const sql = "UPDATE idempotency_keys SET state = 'took_effect', expires_at = ? WHERE scope = ? AND idempotency_key = ? AND state = 'in_progress'";
    const values = [this.d.date(keepUntil), scope, key];
    return markingCommitsWithin(async (manager) => {
      await manager.query(sql, values);
    }, work);
  }

  /** Removes expired records (begin does, at most once per SWEEP_INTERVAL_MS); returns how many went. */
  async deleteExpired(now: Date): Promise<number> {
    const result = await this.rows.delete({ expiresAt: LessThanOrEqual(now) });
    return result.affected ?? 0;
  }

  /**
   * An expired record already counts as absent, so the sweep changes no outcome; it only
   * frees the space (and drops old responses). Its failure (a lock wait, a deadlock with an
   * insert on InnoDB) must not fail the request that happened to trigger it: it is logged,
   * and the next sweep, an interval later, deletes what this one left.
   */
  private async sweepIfDue(now: Date): Promise<void> {
    if (now.getTime() < this.nextSweepAtMs) return;
    this.nextSweepAtMs = now.getTime() + SWEEP_INTERVAL_MS;
    await this.deleteExpired(now).catch((error: unknown) => {
      this.logger?.warn('idempotency sweep failed', { error: error instanceof Error ? error.message : String(error) });
    });
  }

  private async tryInsert(at: { scope: string; key: string; fingerprint: string; now: Date; leaseMs: number }): Promise<boolean> {
    const row: IdempotencyKeyRow = {
      scope: at.scope,
      key: at.key,
      fingerprint: at.fingerprint,
      state: 'in_progress',
      responseStatus: null,
      responseContentType: null,
      responseBody: null,
      responseEtag: null,
      // In progress: held only for the lease; complete() sets the replay expiry.
      createdAt: at.now,
      expiresAt: new Date(at.now.getTime() + at.leaseMs),
    };
    try {
      // A plain INSERT (no upsert, no read-back): it either takes the key or fails on the primary key.
      await this.rows.createQueryBuilder().insert().values(row).updateEntity(false).execute();
      return true;
    } catch (error) {
      // A deadlock can hit an insert racing a delete of the expired row on InnoDB; retrying is safe.
      if (isUniqueViolation(error) || isDeadlock(error)) return false;
      throw error;
    }
  }
}

function outcomeFor(holder: IdempotencyKeyRow, fingerprint: string, now: Date, leaseMs: number): IdempotencyBegin {
  if (holder.fingerprint !== fingerprint) return { outcome: 'mismatch' };
  if (holder.state === 'answer_lost') return { outcome: 'took_effect' };
  // Took effect and still within its lease: its request may yet store the answer.
  if (holder.state === 'took_effect') return holder.createdAt.getTime() + leaseMs <= now.getTime() ? { outcome: 'took_effect' } : { outcome: 'in_progress' };
  if (holder.state !== 'completed') return { outcome: 'in_progress' };
  const response = { status: holder.responseStatus!, contentType: holder.responseContentType, body: holder.responseBody ?? '' };
  return { outcome: 'completed', response: holder.responseEtag === null ? response : { ...response, etag: holder.responseEtag } };
}

function unlessDeadlock(error: unknown): void {
  if (!isDeadlock(error)) throw error;
}

function isDeadlock(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { errno?: unknown }).errno === 1213;
}
