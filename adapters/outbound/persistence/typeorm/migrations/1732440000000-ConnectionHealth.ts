import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';
import { columnsFor } from './columns.v1';

/**
 * A connection's account at the platform (its id, the page or organization it publishes as)
 * and its health: why it is not active, and its last error (docs/decisions.md, "Connections").
 */
export class ConnectionHealth1732440000000 implements MigrationInterface {
  name = 'ConnectionHealth1732440000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.addColumns('connections', [
      new TableColumn(c.text('account_id', 255, { isNullable: true })),
      new TableColumn(c.longText('publish_as', { isNullable: true })),
      new TableColumn(c.longText('status_reason', { isNullable: true })),
      new TableColumn(c.longText('last_error', { isNullable: true })),
      new TableColumn(c.timestamp('last_error_at', { isNullable: true })),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['last_error_at', 'last_error', 'status_reason', 'publish_as', 'account_id']) await queryRunner.dropColumn('connections', column);
  }
}
