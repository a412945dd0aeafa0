import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';

/**
 * Whether an attempt is a read of the account that settled an earlier call's unknown outcome
 * rather than a publish call (docs/decisions.md, "Settling an unknown outcome").
 */
export class AttemptReadBack1732505000000 implements MigrationInterface {
  name = 'AttemptReadBack1732505000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('publish_attempts', new TableColumn({ name: 'read_back', type: 'boolean', default: '0', isNullable: false }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('publish_attempts', 'read_back');
  }
}
