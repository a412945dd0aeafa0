import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';
import { cascadeTo, columnsFor } from './columns.v1';

/**
 * The setup status's optional steps, one row per step so PATCH merges by upserts; and the
 * indexes the overview reads by workspace (docs/performance.md, "Issue 12: the overview").
 */
export class WorkspaceViews1732501000000 implements MigrationInterface {
  name = 'WorkspaceViews1732501000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'workspace_setup_steps',
        columns: [c.exact('workspace_id', 26, { isPrimary: true }), c.exact('step', 64, { isPrimary: true }), c.text('value', 20), c.timestamp('updated_at')],
        foreignKeys: [cascadeTo('fk_workspace_setup_steps_workspace', 'workspace_id', 'workspaces')],
      }),
      false,
      true,
      true,
    );
    // The next scheduled targets of a workspace in order, ties by id, straight from the index.
    await queryRunner.createIndex(
      'post_targets',
      new TableIndex({ name: 'idx_post_targets_workspace_status_scheduled', columnNames: ['workspace_id', 'status', 'scheduled_at', 'id'] }),
    );
    // The most recently changed failed and partially failed posts, newest first, straight from the index.
    await queryRunner.createIndex(
      'posts',
      new TableIndex({ name: 'idx_posts_workspace_status_updated', columnNames: ['workspace_id', 'status', 'updated_at', 'id'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('posts', 'idx_posts_workspace_status_updated');
    await queryRunner.dropIndex('post_targets', 'idx_post_targets_workspace_status_scheduled');
    await queryRunner.dropTable('workspace_setup_steps', false, true, true);
  }
}
