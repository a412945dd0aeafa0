import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';
import { columnsFor } from './columns.v1';

/**
 * When each signing key may start signing: a rotated key is published before it signs
 * so caches of the JWKS have it first. Null for keys made before, which read back as active from createdAt.
 */
export class SigningKeyRotation1732481000000 implements MigrationInterface {
  name = 'SigningKeyRotation1732481000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.addColumn('signing_keys', new TableColumn(c.timestamp('activates_at', { isNullable: true })));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('signing_keys', 'activates_at');
  }
}
