import { injectable } from 'inversify';
import { type DataSource, LessThanOrEqual, QueryFailedError, type Repository } from 'typeorm';
import { type IdempotencyBegin, type IdempotencyStore, type StoredResponse } from '../../../../../application/ports/IdempotencyStore';
import { type IdempotencyKeyRow, IdempotencyKeySchema } from '../schemas/IdempotencyKeySchema';
import { isUniqueViolation } from './uniqueViolation';

/**
 * A holder can vanish (abandoned) or expire between our failed insert and our read; each
 * round retries the insert. A key churning for this long is being hammered concurrently,
 * and "still running" is the honest answer.
 */
const MAX_ATTEMPTS = 4;

/**
 * Idempotency records in the shared database. Deliberately on the DataSource's own manager,
 * never the UnitOfWork's transaction: the record must outlive a rolled-back business
 * transaction, and other instances must see it at once.
 */
@injectable()
export class TypeOrmIdempotencyStore implements IdempotencyStore {
  private readonly rows: Repository<IdempotencyKeyRow>;

  constructor(dataSource: DataSource) {
    this.rows = dataSource.manager.getRepository(IdempotencyKeySchema);
  }

  async begin(scope: string, key: string, fingerprint: string, now: Date, leaseMs: number): Promise<IdempotencyBegin> {
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
        await this.rows.delete({ scope, key, expiresAt: LessThanOrEqual(now) });
        continue;
      }
      return outcomeFor(holder, fingerprint);
    }
    return { outcome: 'in_progress' };
  }

  async complete(scope: string, key: string, response: StoredResponse, keepUntil: Date): Promise<void> {
    // expires_at moves from the lease's end to keepUntil in the same statement as the state.
    await this.rows.update(
      { scope, key, state: 'in_progress' },
      {
        state: 'completed', responseStatus: response.status, responseContentType: response.contentType, responseBody: response.body,
        expiresAt: keepUntil,
      },
    );
  }

  async abandon(scope: string, key: string): Promise<void> {
    // Only an in-progress record: a completed one is a result that must keep replaying.
    await this.rows.delete({ scope, key, state: 'in_progress' });
  }

  /** Removes expired records (not part of the port: for a periodic job); returns how many went. */
  async deleteExpired(now: Date): Promise<number> {
    const result = await this.rows.delete({ expiresAt: LessThanOrEqual(now) });
    return result.affected ?? 0;
  }

  private async tryInsert(at: { scope: string; key: string; fingerprint: string; now: Date; leaseMs: number }): Promise<boolean> {
    const row: IdempotencyKeyRow = {
      scope: at.scope, key: at.key, fingerprint: at.fingerprint, state: 'in_progress',
      responseStatus: null, responseContentType: null, responseBody: null,
      // In progress: held only for the lease; complete() sets the replay expiry.
      createdAt: at.now, expiresAt: new Date(at.now.getTime() + at.leaseMs),
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

function outcomeFor(holder: IdempotencyKeyRow, fingerprint: string): IdempotencyBegin {
  if (holder.fingerprint !== fingerprint) return { outcome: 'mismatch' };
  if (holder.state !== 'completed') return { outcome: 'in_progress' };
  return {
    outcome: 'completed',
    response: { status: holder.responseStatus!, contentType: holder.responseContentType, body: holder.responseBody ?? '' },
  };
}

function isDeadlock(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { errno?: unknown }).errno === 1213;
}
