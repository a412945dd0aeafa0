import { type DataSource } from 'typeorm';
import { type HealthCheck } from '../../../../application/ports/HealthCheck';

/** A round trip to the database; a broken pool or a stopped server fails it. */
export class DatabaseHealthCheck implements HealthCheck {
  readonly name = 'database';

  constructor(private readonly dataSource: DataSource) {}

  async check(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }
}
