import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { cascadeTo, columnsFor } from './columns.v1';

/**
 * Every platform call the engine makes (docs/decisions.md, "The publishing engine"): a
 * target's history, read by target; and the posts a connection made lately, which a
 * platform's daily post budget counts, read by connection and time.
 */
export class PublishAttempts1732400000000 implements MigrationInterface {
  name = 'PublishAttempts1732400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'publish_attempts',
        columns: [
          c.exact('id', 26, { isPrimary: true }),
          c.exact('workspace_id'),
          c.exact('post_id'),
          c.exact('target_id'),
          c.exact('connection_id'),
          c.integer('attempt'),
          c.integer('segment_index'),
          c.timestamp('started_at', { isNullable: true }),
          c.timestamp('finished_at'),
          c.text('outcome', 20),
          c.longText('error', { isNullable: true }),
          { ...c.integer('status_code'), isNullable: true },
          c.exact('platform_post_id', 512, { isNullable: true }),
        ],
        indices: [
          { name: 'idx_publish_attempts_target_finished', columnNames: ['target_id', 'finished_at'] },
          { name: 'idx_publish_attempts_connection_finished', columnNames: ['connection_id', 'finished_at'] },
          // Also the index the foreign key needs.
          { name: 'idx_publish_attempts_post', columnNames: ['post_id'] },
        ],
        foreignKeys: [cascadeTo('fk_publish_attempts_post', 'post_id', 'posts')],
      }),
      false,
      true,
      true,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('publish_attempts', false, true, true);
  }
}
