import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';
import { COUNT_NAMES } from '../../../../../domain/analytics/PostCounts';
import { cascadeTo, columnsFor } from './columns.v1';

/**
 * Published targets' figures (docs/analytics.md): the last collection on each target, with its
 * schedule and lease, and every collection as a snapshot. Times are epoch milliseconds.
 */
export class TargetMetrics1732509000000 implements MigrationInterface {
  name = 'TargetMetrics1732509000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    const ms = (name: string, isNullable = true) => ({ name, type: 'bigint', isNullable });
    const table = (t: ConstructorParameters<typeof Table>[0]) => queryRunner.createTable(new Table(t), false, true, true);
    await table({
      name: 'target_metrics',
      columns: [
        c.exact('target_id', 26, { isPrimary: true }),
        c.exact('workspace_id', 26),
        c.exact('post_id', 26),
        c.exact('connection_id', 26),
        c.text('platform', 20),
        c.text('platform_post_id', 512),
        ms('posted_at_ms', false),
        // One column a figure, so the analytics sum them in the database.
        ...COUNT_NAMES.map((name) => ms(name)),
        c.longText('raw', { isNullable: true }),
        ms('collected_at_ms'),
        ms('next_at_ms'),
        { name: 'deleted', type: 'boolean', default: '0', isNullable: false },
        c.longText('last_error', { isNullable: true }),
        ms('last_error_at_ms'),
        ms('refresh_requested_at_ms'),
        c.text('lease_owner', 120, { isNullable: true }),
        ms('lease_until_ms'),
      ],
      indices: [
        { name: 'ix_target_metrics_next', columnNames: ['next_at_ms'] },
        { name: 'ix_target_metrics_workspace_posted', columnNames: ['workspace_id', 'posted_at_ms'] },
        { name: 'ix_target_metrics_post', columnNames: ['post_id'] },
      ],
      foreignKeys: [cascadeTo('fk_target_metrics_post', 'post_id', 'posts')],
    });
    await table({
      name: 'target_metric_snapshots',
      columns: [
        c.exact('target_id', 26, { isPrimary: true }),
        { ...ms('collected_at_ms', false), isPrimary: true },
        c.exact('connection_id', 26),
        c.longText('counts'),
        c.longText('raw'),
      ],
      indices: [{ name: 'ix_target_metric_snapshots_connection', columnNames: ['connection_id', 'collected_at_ms'] }],
      foreignKeys: [{ ...cascadeTo('fk_target_metric_snapshots_target', 'target_id', 'target_metrics'), referencedColumnNames: ['target_id'] }],
    });
    // What the collector looks for: targets published since a moment, across workspaces.
    await queryRunner.createIndex('post_targets', new TableIndex({ name: 'idx_post_targets_status_posted', columnNames: ['status', 'posted_at'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('post_targets', 'idx_post_targets_status_posted');
    await queryRunner.dropTable('target_metric_snapshots');
    await queryRunner.dropTable('target_metrics');
  }
}
