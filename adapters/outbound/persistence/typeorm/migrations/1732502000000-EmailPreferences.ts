import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { cascadeTo, columnsFor } from './columns.v1';

/** People's email choices (docs/decisions.md, "The account surface"): a row once a person chose. */
export class EmailPreferences1732502000000 implements MigrationInterface {
  name = 'EmailPreferences1732502000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'email_preferences',
        columns: [
          c.exact('user_id', 26, { isPrimary: true }),
          { name: 'product_lifecycle_enabled', type: 'boolean', isNullable: false },
          { name: 'marketing_enabled', type: 'boolean', isNullable: false },
          c.timestamp('updated_at'),
        ],
        foreignKeys: [cascadeTo('fk_email_preferences_user', 'user_id', 'users')],
      }),
      false,
      true,
      true,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('email_preferences', false, true, true);
  }
}
