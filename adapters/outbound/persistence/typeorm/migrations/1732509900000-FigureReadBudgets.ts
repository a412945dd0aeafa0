import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';
import { columnsFor } from './columns.v1';

/**
 * The collector's budgets per connection (docs/analytics.md, "Budgets"): the platform reads
 * spent in the connection's current hour, and the connection's collections found at once when
 * a platform's rate limit holds them back.
 */
export class FigureReadBudgets1732509900000 implements MigrationInterface {
  name = 'FigureReadBudgets1732509900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'figure_read_budgets',
        columns: [
          c.exact('connection_id', 26, { isPrimary: true }),
          { name: 'window_start_ms', type: 'bigint', isNullable: false },
          { name: 'reads_made', type: 'integer', isNullable: false },
        ],
      }),
      false,
    );
    await queryRunner.createIndex(
      'target_metrics',
      new TableIndex({ name: 'ix_target_metrics_connection_next', columnNames: ['connection_id', 'next_at_ms'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('target_metrics', 'ix_target_metrics_connection_next');
    await queryRunner.dropTable('figure_read_budgets');
  }
}
