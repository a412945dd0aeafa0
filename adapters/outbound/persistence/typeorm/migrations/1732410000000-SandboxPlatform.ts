import { type MigrationInterface, type QueryRunner, Table, TableColumn } from 'typeorm';
import { cascadeTo, columnsFor } from './columns.v1';

/**
 * The sandbox platform (docs/decisions.md, "The sandbox platform"): a connection may be a
 * sandbox one (existing connections stay real), and the posts sandbox connections publish
 * are kept here, each segment a row that names the one it replies to.
 */
export class SandboxPlatform1732410000000 implements MigrationInterface {
  name = 'SandboxPlatform1732410000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.addColumn('connections', new TableColumn({ name: 'sandbox', type: 'boolean', default: '0', isNullable: false }));
    await queryRunner.createTable(
      new Table({
        name: 'sandbox_posts',
        columns: [
          c.exact('id', 26, { isPrimary: true }),
          c.exact('connection_id'),
          c.text('platform', 20),
          c.longText('text'),
          c.json('media_ids'),
          c.exact('reply_to_id', 26, { isNullable: true }),
          c.timestamp('created_at'),
        ],
        indices: [
          { name: 'idx_sandbox_posts_reply_to', columnNames: ['reply_to_id'] },
          // Also the index the foreign key needs.
          { name: 'idx_sandbox_posts_connection', columnNames: ['connection_id'] },
        ],
        foreignKeys: [cascadeTo('fk_sandbox_posts_connection', 'connection_id', 'connections')],
      }),
      false,
      true,
      true,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('sandbox_posts', false, true, true);
    await queryRunner.dropColumn('connections', 'sandbox');
  }
}
