import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { columnsFor } from './columns.v1';

/**
 * The idempotency records behind the Idempotency-Key header. The composite primary key
 * (scope, idempotency_key) is what makes `begin` atomic across instances: of two inserts
 * of the same key, the database lets exactly one through.
 */
export class Idempotency1732350000000 implements MigrationInterface {
  name = 'Idempotency1732350000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Keys compare byte for byte on MySQL too (utf8mb4_bin), as they do on SQLite: `abc` ≠ `ABC`.
    const { mysql, exact, text, timestamp } = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'idempotency_keys',
        columns: [
          exact('scope', 64, { isPrimary: true }),
          exact('idempotency_key', 255, { isPrimary: true }),
          exact('fingerprint', 64),
          exact('state', 20),
          { name: 'response_status', type: 'integer', isNullable: true },
          text('response_content_type', 255, { isNullable: true }),
          // MySQL's `text` stops at 64 KiB, less than a bulk response can be; mediumtext holds 16 MiB.
          // SQLite's `text` has no such limit (and knows no mediumtext).
          { name: 'response_body', type: mysql ? 'mediumtext' : 'text', charset: 'utf8mb4', isNullable: true },
          timestamp('created_at'),
          timestamp('expires_at'),
        ],
        // Serves the sweep of expired records.
        indices: [{ name: 'idx_idempotency_keys_expires', columnNames: ['expires_at'] }],
      }),
      false,
      true,
      true,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('idempotency_keys', false, true, true);
  }
}
