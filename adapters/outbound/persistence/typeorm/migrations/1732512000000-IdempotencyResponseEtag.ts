import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';
import { columnsFor } from './columns.v1';

/** The ETag of a stored answer, replayed with it (a retry can send it back as If-Match at once). */
export class IdempotencyResponseEtag1732512000000 implements MigrationInterface {
  name = 'IdempotencyResponseEtag1732512000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { text } = columnsFor(queryRunner);
    await queryRunner.addColumn('idempotency_keys', new TableColumn(text('response_etag', 100, { isNullable: true })));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('idempotency_keys', 'response_etag');
  }
}
