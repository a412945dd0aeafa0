import { type MigrationInterface, type QueryRunner, Table, TableColumn } from 'typeorm';
import { cascadeTo, columnsFor } from './columns.v1';

/**
 * Posting schedules (docs/decisions.md, "Posting schedules"): a connection's weekly slots, the
 * slots queued targets hold (one target per connection and instant: the primary key decides
 * between two posts asking at once), and which targets are queued. Times are epoch milliseconds.
 */
export class PostingSchedules1732507100000 implements MigrationInterface {
  name = 'PostingSchedules1732507100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    const ms = (name: string) => ({ name, type: 'bigint', isNullable: false });
    await queryRunner.addColumn('post_targets', new TableColumn({ name: 'queued', type: 'boolean', default: '0', isNullable: false }));
    await queryRunner.createTable(
      new Table({
        name: 'connection_schedules',
        columns: [c.exact('connection_id', 26, { isPrimary: true }), c.text('time_zone', 64), c.longText('slots'), ms('updated_at_ms')],
        foreignKeys: [cascadeTo('fk_connection_schedules_connection', 'connection_id', 'connections')],
      }),
      false,
      true,
      true,
    );
    await queryRunner.createTable(
      new Table({
        name: 'queue_slots',
        columns: [
          c.exact('connection_id', 26, { isPrimary: true }),
          { ...ms('slot_at_ms'), isPrimary: true },
          c.exact('target_id', 26),
          c.exact('post_id', 26),
          c.exact('workspace_id', 26),
        ],
        indices: [
          { name: 'ux_queue_slots_target', columnNames: ['target_id'], isUnique: true },
          { name: 'ix_queue_slots_post', columnNames: ['post_id'] },
        ],
        // No key to the post or its targets: a slot is taken before the post is first written, in
        // the same unit of work; PostStore lets go of a post's slots when it stops holding them.
        foreignKeys: [
          cascadeTo('fk_queue_slots_connection', 'connection_id', 'connections'),
          cascadeTo('fk_queue_slots_workspace', 'workspace_id', 'workspaces'),
        ],
      }),
      false,
      true,
      true,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('queue_slots');
    await queryRunner.dropTable('connection_schedules');
    await queryRunner.dropColumn('post_targets', 'queued');
  }
}
