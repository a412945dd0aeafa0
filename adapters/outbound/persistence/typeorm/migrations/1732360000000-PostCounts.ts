import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { cascadeTo, columnsFor } from './columns.v1';

/**
 * post_counts: posts per workspace and status, so posts.list answers `total` from at most
 * eight rows instead of a COUNT(*) over the workspace's posts. Backfilled from the posts
 * already there; from then on TypeOrmPostRepository keeps it in step with every save and
 * remove. Writers running the previous version during the migration would not count their
 * posts: migrate before serving, as `npm run migrate` and the start-up do.
 */
export class PostCounts1732360000000 implements MigrationInterface {
  name = 'PostCounts1732360000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'post_counts',
        columns: [
          c.exact('workspace_id', 26, { isPrimary: true }),
          // The type and collation of posts.status: the GROUP BY below and the key agree on equality.
          c.text('status', 20, { isPrimary: true }),
          c.integer('count'),
        ],
        // The primary key's leading column serves the foreign key; a deleted workspace takes its counts along.
        foreignKeys: [cascadeTo('fk_post_counts_workspace', 'workspace_id', 'workspaces')],
      }),
      false,
      true,
      true,
    );
    const count = queryRunner.connection.driver.escape('count');
    // Plain SQL both databases run alike; in the migration's own transaction with the CREATE on SQLite.
    await queryRunner.query(
      `INSERT INTO post_counts (workspace_id, status, ${count}) SELECT workspace_id, status, COUNT(*) FROM posts GROUP BY workspace_id, status`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('post_counts', false, true, true);
  }
}
