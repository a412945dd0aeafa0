import { expect } from 'chai';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { ANALYTICS_GROUPS } from '../../../application/ports/AnalyticsViews';
import { TypeOrmAnalyticsViews } from '../../../adapters/outbound/persistence/typeorm/analytics/TypeOrmAnalyticsViews';
import { ALL_MIGRATIONS } from '../../../adapters/outbound/persistence/typeorm/migrations';
import { AnalyticsDays1732511000000 } from '../../../adapters/outbound/persistence/typeorm/migrations/1732511000000-AnalyticsDays';
import { dialectOf } from '../../../adapters/outbound/persistence/typeorm/sql/Dialect';
import { DATABASE_KINDS, openTestDatabase } from '../../support/databases';
import { requireServer } from '../../support/services';
import { DirectAnalyticsOracle } from './directAnalyticsOracle';

const WORKSPACE = 'W00000000000000000000DAYS0';
const DAY = 86_400_000;
const START = Date.parse('2033-05-01T00:00:00Z');
/** Targets collected before the kept days existed: [id, post, connection, platform, published at, likes, views, deleted]. */
const TARGETS: ReadonlyArray<readonly [string, string, string, string, number, number | null, number | null, number]> = [
  ['T00000000000000000000DAYS1', 'P00000000000000000000DAYS1', 'conn_a', 'TWITTER', START + 3_600_000, 10, 100, 0],
  ['T00000000000000000000DAYS2', 'P00000000000000000000DAYS1', 'conn_b', 'BLUESKY', START + DAY + 60_000, 4, null, 0],
  ['T00000000000000000000DAYS3', 'P00000000000000000000DAYS2', 'conn_a', 'TWITTER', START + 2 * DAY + 7_000_000, 1, 7, 0],
  ['T00000000000000000000DAYS4', 'P00000000000000000000DAYS2', 'conn_b', 'BLUESKY', START + 2 * DAY + 7_100_000, 9, null, 1],
  ['T00000000000000000000DAYS5', 'P00000000000000000000DAYS3', 'conn_b', 'BLUESKY', START + 3 * DAY, null, null, 0],
];
const timestampOf = (name: string | undefined): number => Number(/\d{13}$/.exec(name ?? '')?.[0]);

for (const kind of DATABASE_KINDS) {
  describe(`The analytics kept days migration on ${kind === 'sqlite' ? 'SQLite' : 'MariaDB'}`, function () {
    let dataSource: DataSource;

    before(async function () {
      if (kind === 'mysql') await requireServer(this, 'MySQL');
      dataSource = await openTestDatabase(kind, { migrate: false });
    });
    after(async () => dataSource?.destroy());

    /** The database as the migrations before AnalyticsDays left it, with figures collected on three posts. */
    async function figuresWithoutKeptDays(): Promise<void> {
      const daysAt = timestampOf(new AnalyticsDays1732511000000().name);
      const previous = ALL_MIGRATIONS.filter((Migration) => timestampOf(new Migration().name) < daysAt);
      const older = new DataSource({ ...dataSource.options, migrations: previous } as DataSourceOptions);
      await older.initialize();
      try {
        await older.runMigrations({ transaction: 'each' });
        const d = dialectOf(older);
        const now = d.date(new Date(START));
        await older.query('INSERT INTO workspaces (id, name, created_at) VALUES (?, ?, ?)', [WORKSPACE, 'Days', now]);
        for (const postId of new Set(TARGETS.map((t) => t[1]))) {
          await older.query(
            `INSERT INTO posts (id, workspace_id, status, source, ${d.quote('groups')}, created_at, updated_at, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
            [postId, WORKSPACE, 'published', 'app', '[]', now, now, 1],
          );
        }
        for (const [id, postId, conn, platform, at, likes, views, deleted] of TARGETS) {
          await older.query(
            'INSERT INTO target_metrics (target_id, workspace_id, post_id, connection_id, platform, platform_post_id, posted_at_ms, likes, views, raw, deleted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
            [id, WORKSPACE, postId, conn, platform, `pp-${id}`, at, likes, views, '{}', deleted],
          );
        }
      } finally {
        await older.destroy();
      }
    }

    it('backfills the kept days from the figures already collected: every grouping answers as the direct sums', async () => {
      await figuresWithoutKeptDays();
      await dataSource.runMigrations({ transaction: 'each' });
      const views = new TypeOrmAnalyticsViews(dataSource);
      const oracle = new DirectAnalyticsOracle(dataSource);
      const ranges: Array<[number, number]> = [
        [START - DAY, START + 5 * DAY],
        [START, START + 2 * DAY],
        [START + 2 * 3_600_000, START + 2 * DAY + 7_050_000],
      ];
      for (const [from, to] of ranges) {
        for (const groupBy of ANALYTICS_GROUPS) {
          const query = { workspaceId: WORKSPACE, from: new Date(from), to: new Date(to), groupBy, limit: 10, offset: 0 };
          expect(await views.summarize(query), `${groupBy} ${from}–${to}`).to.deep.equal(await oracle.summarize(query));
        }
      }
      const whole = await views.summarize({
        workspaceId: WORKSPACE,
        from: new Date(START),
        to: new Date(START + 4 * DAY),
        groupBy: 'platform',
        limit: 10,
        offset: 0,
      });
      // Post 1 on two days counted once; the deleted target left out.
      expect(whole.overall).to.include({ posts: 3, targets: 4 });
      expect(whole.overall.sums).to.include({ likes: 15, views: 107 });
      const links = await dataSource.query('SELECT scope FROM analytics_post_links WHERE workspace_id = ? ORDER BY scope', [WORKSPACE]);
      expect(links.map((r: { scope: string }) => r.scope)).to.deep.equal(['*']);
    });
  });
}
