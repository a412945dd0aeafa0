import { type MigrationInterface, type QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { columnsFor } from './columns.v1';

/**
 * The calendar of posts.list (docs/posts.md, "The calendar"): each target's calendar time,
 * posted_at once published, else scheduled_at (PostCalendar.ts), stored so an index can range
 * over it; PostWrites keeps it in the statements that write the other two. Existing rows are
 * backfilled here. Two indexes, each a range in calendar order answered from the index alone:
 * the workspace's targets by time (platform and connection along, to be filtered in the
 * index), and a connection's, the one filter narrow enough to deserve its own. A platform is
 * most of a workspace's posts, and every index costs each target's insert (docs/performance.md,
 * "Issue 21: the calendar").
 */
export class PostCalendar1732508000000 implements MigrationInterface {
  name = 'PostCalendar1732508000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.addColumn('post_targets', new TableColumn(c.timestamp('calendar_at', { isNullable: true })));
    await queryRunner.query('UPDATE post_targets SET calendar_at = COALESCE(posted_at, scheduled_at)');
    await queryRunner.createIndices('post_targets', [
      new TableIndex({ name: 'idx_post_targets_calendar', columnNames: ['workspace_id', 'calendar_at', 'post_id', 'id', 'platform', 'connection_id'] }),
      new TableIndex({
        name: 'idx_post_targets_connection_calendar',
        columnNames: ['workspace_id', 'connection_id', 'calendar_at', 'post_id', 'id', 'platform'],
      }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of ['idx_post_targets_connection_calendar', 'idx_post_targets_calendar']) {
      await queryRunner.dropIndex('post_targets', index);
    }
    await queryRunner.dropColumn('post_targets', 'calendar_at');
  }
}
