import { type DataSource, LessThan, type Repository } from 'typeorm';
import { type InboundEventLog } from '../../../../../application/ports/InboundEventLog';
import { type InboundEventRow, InboundEventSchema } from '../schemas/InboundEventSchema';
import { noWriteLock } from '../WriteLock';
import { type WriteLocking } from '../WriteLockedIdempotencyStore';
import { isUniqueViolation } from './uniqueViolation';

/**
 * Sightings in the shared database. On the DataSource's own manager, never the UnitOfWork's
 * transaction: a sighting is decided before the handler's work begins and must be visible to
 * every instance at once. Each call takes the write lock where the database needs one
 * (SQLite: one connection for every query, so an insert must never land inside another
 * request's open transaction); the lock is held for the one statement only.
 */
export class TypeOrmInboundEventLog implements InboundEventLog {
  private readonly rows: Repository<InboundEventRow>;

  constructor(dataSource: DataSource, private readonly lock: WriteLocking = noWriteLock) {
    this.rows = dataSource.manager.getRepository(InboundEventSchema);
  }

  firstSighting(source: string, eventId: string, now: Date): Promise<boolean> {
    return this.lock.run(async () => {
      try {
        // A plain INSERT: the primary key lets exactly one of concurrent deliveries through.
        await this.rows.createQueryBuilder().insert().values({ source, eventId, seenAt: now }).updateEntity(false).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    });
  }

  async forget(source: string, eventId: string): Promise<void> {
    await this.lock.run(() => this.rows.delete({ source, eventId }));
  }

  async forgetSeenBefore(cutoff: Date): Promise<number> {
    const result = await this.lock.run(() => this.rows.delete({ seenAt: LessThan(cutoff) }));
    return result.affected ?? 0;
  }
}
