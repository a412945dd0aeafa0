import { type DataSource, LessThan, type Repository } from 'typeorm';
import { type InboundEventLog } from '../../../../../application/ports/InboundEventLog';
import { type InboundEventRow, InboundEventSchema } from '../schemas/InboundEventSchema';
import { isUniqueViolation } from './uniqueViolation';

/**
 * Sightings in the shared database. On the DataSource's own manager, never the UnitOfWork's
 * transaction: a sighting is decided before the handler's work begins and must be visible to
 * every instance at once. Each call is one statement (on SQLite it waits for any open
 * transaction to end: see transactionContext.ts).
 */
export class TypeOrmInboundEventLog implements InboundEventLog {
  private readonly rows: Repository<InboundEventRow>;

  constructor(dataSource: DataSource) {
    this.rows = dataSource.manager.getRepository(InboundEventSchema);
  }

  async firstSighting(source: string, eventId: string, now: Date): Promise<boolean> {
    try {
      // A plain INSERT: the primary key lets exactly one of concurrent deliveries through.
      await this.rows.createQueryBuilder().insert().values({ source, eventId, seenAt: now }).updateEntity(false).execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async forget(source: string, eventId: string): Promise<void> {
    await this.rows.delete({ source, eventId });
  }

  async forgetSeenBefore(cutoff: Date): Promise<number> {
    const result = await this.rows.delete({ seenAt: LessThan(cutoff) });
    return result.affected ?? 0;
  }
}
