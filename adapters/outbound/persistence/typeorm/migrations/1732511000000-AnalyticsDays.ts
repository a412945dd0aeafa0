import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { COUNT_NAMES } from '../../../../../domain/analytics/PostCounts';
import { AnalyticsDays } from '../analytics/AnalyticsDays';
import { dialectOf } from '../sql/Dialect';
import { cascadeTo, columnsFor } from './columns.v1';

/**
 * The analytics' sums and posts without reading a range's targets (docs/performance.md, "Issue
 * 22: analytics"): analytics_days, per workspace, UTC day (days since 1970-01-01) and scope
 * (`*`, `p:<platform>`, `c:<connection>`), the posts with a live target there; on a
 * connection's rows also its live targets and each figure's sum and reporting targets.
 * analytics_post_links, for a post present on several days of one scope, one row per pair of
 * consecutive such days. Backfilled from target_metrics; from then on TypeOrmTargetMetrics and
 * TypeOrmPostRepository keep both in the transaction of every write that changes a live target.
 */
export class AnalyticsDays1732511000000 implements MigrationInterface {
  name = 'AnalyticsDays1732511000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    const counter = (name: string) => ({ name, type: 'bigint', isNullable: false, default: '0' });
    const key = [c.exact('workspace_id', 26, { isPrimary: true }), { ...c.integer('day'), isPrimary: true }];
    await queryRunner.createTable(
      new Table({
        name: 'analytics_days',
        columns: [
          ...key,
          c.text('scope', 40, { isPrimary: true }),
          c.text('platform', 20, { default: "''" }),
          counter('posts'),
          counter('targets'),
          ...COUNT_NAMES.map((name) => counter(`s_${name}`)),
          ...COUNT_NAMES.map((name) => counter(`n_${name}`)),
        ],
        foreignKeys: [cascadeTo('fk_analytics_days_workspace', 'workspace_id', 'workspaces')],
      }),
      false,
      true,
      true,
    );
    await queryRunner.createTable(
      new Table({
        name: 'analytics_post_links',
        columns: [...key, { ...c.integer('next_day'), isPrimary: true }, c.text('scope', 40, { isPrimary: true }), c.exact('post_id', 26, { isPrimary: true })],
        foreignKeys: [cascadeTo('fk_analytics_post_links_workspace', 'workspace_id', 'workspaces')],
      }),
      false,
      true,
      true,
    );
    await new AnalyticsDays(dialectOf(queryRunner.connection)).rebuild(queryRunner.manager);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('analytics_post_links', false, true, true);
    await queryRunner.dropTable('analytics_days', false, true, true);
  }
}
