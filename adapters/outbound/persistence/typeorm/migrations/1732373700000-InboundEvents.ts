import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { columnsFor } from './columns.v1';

/**
 * The webhook events already seen, by the sender's event id. The composite primary key
 * (source, event_id) is what makes a first sighting atomic across instances: of two inserts
 * of the same event, the database lets exactly one through.
 */
export class InboundEvents1732373700000 implements MigrationInterface {
  name = 'InboundEvents1732373700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Event ids compare byte for byte on MySQL too (utf8mb4_bin), as they do on SQLite.
    const { exact, timestamp } = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'inbound_events',
        columns: [exact('source', 64, { isPrimary: true }), exact('event_id', 255, { isPrimary: true }), timestamp('seen_at')],
        indices: [{ name: 'idx_inbound_events_seen_at', columnNames: ['seen_at'] }],
      }),
      false,
      true,
      true,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('inbound_events', false, true, true);
  }
}
