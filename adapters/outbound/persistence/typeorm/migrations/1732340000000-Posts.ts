import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { cascadeTo, columnsFor } from './columns.v1';

export class Posts1732340000000 implements MigrationInterface {
  name = 'Posts1732340000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'posts',
        columns: [
          c.exact('id', 26, { isPrimary: true }),
          c.exact('workspace_id'),
          c.text('status', 20),
          c.text('source', 20),
          c.exact('external_submission_id', 255, { isNullable: true }),
          c.text('requested_intent', 20, { isNullable: true }),
          // Groups, segments and media are value objects of the aggregate: one document.
          c.json('groups'),
          c.timestamp('created_at'),
          c.timestamp('updated_at'),
        ],
        // Both serve "newest first, ties by id" straight from the index (no sort) and COUNT(*)
        // by range; the first also serves the workspace foreign key.
        indices: [
          { name: 'idx_posts_workspace_created', columnNames: ['workspace_id', 'created_at', 'id'] },
          { name: 'idx_posts_workspace_status_created', columnNames: ['workspace_id', 'status', 'created_at', 'id'] },
        ],
        foreignKeys: [cascadeTo('fk_posts_workspace', 'workspace_id', 'workspaces')],
      }),
      false,
      true,
      true,
    );
    await queryRunner.createTable(
      new Table({
        name: 'post_targets',
        columns: [
          c.exact('id', 26, { isPrimary: true }),
          c.exact('post_id'),
          // Copied from the post so the publishing worker can act on a target without a join.
          c.exact('workspace_id'),
          c.exact('connection_id'),
          // Group ids are chosen by the client, not by our id generator.
          c.exact('group_id', 255),
          c.text('platform', 20),
          c.json('settings'),
          c.timestamp('scheduled_at', { isNullable: true }),
          c.text('status', 20),
          c.text('platform_post_id', 512, { isNullable: true }),
          c.longText('platform_post_url', { isNullable: true }),
          c.timestamp('posted_at', { isNullable: true }),
          c.longText('error', { isNullable: true }),
          c.integer('attempts'),
          // The order of the targets in the request; a post returns them in that order.
          c.integer('position'),
        ],
        indices: [
          { name: 'idx_post_targets_post_position', columnNames: ['post_id', 'position'] },
          { name: 'idx_post_targets_status_scheduled', columnNames: ['status', 'scheduled_at'] },
        ],
        foreignKeys: [cascadeTo('fk_post_targets_post', 'post_id', 'posts')],
      }),
      false,
      true,
      true,
    );
    await queryRunner.createTable(
      new Table({
        name: 'post_reviews',
        columns: [
          c.exact('id', 26, { isPrimary: true }),
          c.exact('post_id'),
          c.text('decision', 20),
          c.longText('comment', { isNullable: true }),
          // No foreign key: the review history outlives the reviewer's account.
          c.exact('reviewer_user_id'),
          c.timestamp('created_at'),
        ],
        indices: [{ name: 'idx_post_reviews_post_created', columnNames: ['post_id', 'created_at'] }],
        foreignKeys: [cascadeTo('fk_post_reviews_post', 'post_id', 'posts')],
      }),
      false,
      true,
      true,
    );
    await queryRunner.createTable(
      new Table({
        name: 'publish_jobs',
        columns: [
          // No foreign key to post_targets: saving a post rewrites its target rows, which
          // would cascade away the jobs the same transaction is about to keep.
          c.exact('target_id', 26, { isPrimary: true }),
          c.exact('post_id'),
          c.exact('workspace_id'),
          c.timestamp('not_before'),
          c.timestamp('created_at'),
        ],
        indices: [
          // The worker claims due jobs by time.
          { name: 'idx_publish_jobs_not_before', columnNames: ['not_before'] },
          // A post's jobs, soonest first; also the index the foreign key needs.
          { name: 'idx_publish_jobs_post_not_before', columnNames: ['post_id', 'not_before'] },
        ],
        foreignKeys: [cascadeTo('fk_publish_jobs_post', 'post_id', 'posts')],
      }),
      false,
      true,
      true,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Children before parents, so no foreign key is left pointing at a dropped table.
    for (const table of ['publish_jobs', 'post_reviews', 'post_targets', 'posts']) {
      await queryRunner.dropTable(table, false, true, true);
    }
  }
}
