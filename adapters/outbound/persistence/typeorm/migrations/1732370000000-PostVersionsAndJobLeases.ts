import { type MigrationInterface, type QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { columnsFor } from './columns.v1';

/**
 * posts.version counts a post's saves: a save writes only what changed, on condition that
 * the version it loaded is still the stored one (docs/decisions.md, "Incremental saves").
 * publish_jobs gets what a worker's lease needs: a state, the lease's owner and end, the
 * attempts made and the last error. Existing jobs are queued, never attempted.
 */
export class PostVersionsAndJobLeases1732370000000 implements MigrationInterface {
  name = 'PostVersionsAndJobLeases1732370000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.addColumn('posts', new TableColumn({ ...c.integer('version'), default: 1 }));
    await queryRunner.addColumns('publish_jobs', [
      new TableColumn({ ...c.text('state', 20), default: "'queued'" }),
      new TableColumn(c.text('lease_owner', 100, { isNullable: true })),
      new TableColumn(c.timestamp('lease_expires_at', { isNullable: true })),
      new TableColumn({ ...c.integer('attempts'), default: 0 }),
      new TableColumn(c.longText('last_error', { isNullable: true })),
    ]);
    // The worker's claim: queued jobs by time; and expired leases by their end.
    await queryRunner.createIndex('publish_jobs', new TableIndex({ name: 'idx_publish_jobs_state_not_before', columnNames: ['state', 'not_before'] }));
    await queryRunner.createIndex('publish_jobs', new TableIndex({ name: 'idx_publish_jobs_state_lease', columnNames: ['state', 'lease_expires_at'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('publish_jobs', 'idx_publish_jobs_state_lease');
    await queryRunner.dropIndex('publish_jobs', 'idx_publish_jobs_state_not_before');
    for (const column of ['last_error', 'attempts', 'lease_expires_at', 'lease_owner', 'state']) await queryRunner.dropColumn('publish_jobs', column);
    await queryRunner.dropColumn('posts', 'version');
  }
}
