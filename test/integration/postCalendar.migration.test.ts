import { expect } from 'chai';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { ALL_MIGRATIONS } from '../../adapters/outbound/persistence/typeorm/migrations';
import { PostCalendar1732508000000 } from '../../adapters/outbound/persistence/typeorm/migrations/1732508000000-PostCalendar';
import { TypeOrmPostRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmPostRepository';
import { dialectOf, readDate } from '../../adapters/outbound/persistence/typeorm/sql/Dialect';
import { SETTINGS } from '../support/data/settings';
import { DATABASE_KINDS, openTestDatabase } from '../support/databases';
import { requireServer } from '../support/services';

const WORKSPACE = 'W0000000000000000000000CAL';
const POST = 'P0000000000000000000000CAL';
/** Targets written before calendar_at existed: [id, scheduled_at, posted_at, the calendar time the backfill must give]. */
const BEFORE: ReadonlyArray<readonly [string, string | null, string | null, string | null]> = [
  ['T000000000000000000000CAL1', '2033-01-02T09:00:00.123Z', null, '2033-01-02T09:00:00.123Z'],
  ['T000000000000000000000CAL2', '2033-01-01T09:00:00.000Z', '2033-01-03T10:30:00.456Z', '2033-01-03T10:30:00.456Z'],
  ['T000000000000000000000CAL3', null, null, null],
];
const timestampOf = (name: string | undefined): number => Number(/\d{13}$/.exec(name ?? '')?.[0]);

for (const kind of DATABASE_KINDS) {
  describe(`The post calendar migration on ${kind === 'sqlite' ? 'SQLite' : 'MariaDB'}`, function () {
    let dataSource: DataSource;

    before(async function () {
      if (kind === 'mysql') await requireServer(this, 'MySQL');
      dataSource = await openTestDatabase(kind, { migrate: false });
    });
    after(async () => dataSource?.destroy());

    /** The database as the migrations before PostCalendar left it, with one post and three targets. */
    async function targetsWithoutCalendar(): Promise<void> {
      const calendarAt = timestampOf(new PostCalendar1732508000000().name);
      const previous = ALL_MIGRATIONS.filter((Migration) => timestampOf(new Migration().name) < calendarAt);
      const older = new DataSource({ ...dataSource.options, migrations: previous } as DataSourceOptions);
      await older.initialize();
      try {
        await older.runMigrations({ transaction: 'each' });
        const d = dialectOf(older);
        const now = d.date(new Date('2032-12-01T00:00:00.000Z'));
        await older.query('INSERT INTO workspaces (id, name, created_at) VALUES (?, ?, ?)', [WORKSPACE, 'Calendar', now]);
        await older.query(
          `INSERT INTO posts (id, workspace_id, status, source, ${d.quote('groups')}, created_at, updated_at, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            POST,
            WORKSPACE,
            'publishing',
            'app',
            '[{"id":"g_default","isDefault":true,"segments":[{"text":"hi","media":[],"delayMinutes":null}]}]',
            now,
            now,
            1,
          ],
        );
        for (const [i, [id, scheduledAt, postedAt]] of BEFORE.entries()) {
          await older.query(
            'INSERT INTO post_targets (id, post_id, workspace_id, connection_id, group_id, platform, settings, scheduled_at, posted_at, status, attempts, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
            [
              id,
              POST,
              WORKSPACE,
              `conn_${i}`,
              'g_default',
              'TWITTER',
              JSON.stringify(SETTINGS.TWITTER),
              ...[scheduledAt, postedAt].map((at) => d.dateOrNull(at === null ? null : new Date(at))),
              postedAt === null ? 'pending' : 'published',
              0,
              i,
            ],
          );
        }
      } finally {
        await older.destroy();
      }
    }

    async function calendarTimes(): Promise<Array<[string, string | null]>> {
      const rows: Array<{ id: string; calendar_at: unknown }> = await dataSource.query('SELECT id, calendar_at FROM post_targets ORDER BY id');
      return rows.map((row) => [row.id, readDate(row.calendar_at)?.toISOString() ?? null]);
    }

    it('backfills each existing target: postedAt once published, else scheduledAt, else none', async () => {
      await targetsWithoutCalendar();
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      expect(applied.map((m) => m.name)).to.include('PostCalendar1732508000000');
      expect(await calendarTimes()).to.deep.equal(BEFORE.map(([id, , , calendar]) => [id, calendar]));
    });

    it('serves the calendar from the backfilled times', async () => {
      const posts = new TypeOrmPostRepository(dataSource);
      const list = (from: string, to: string) =>
        posts.list({ workspaceId: WORKSPACE, targets: { from: new Date(from), to: new Date(to) }, limit: 20, offset: 0 });
      expect((await list('2033-01-03T00:00:00Z', '2033-01-04T00:00:00Z')).total, 'posted on the 3rd').to.equal(1);
      expect((await list('2033-01-01T00:00:00Z', '2033-01-02T00:00:00Z')).total, 'due on the 1st, but posted since').to.equal(0);
    });

    it('drops the column and its indexes on the way down, and backfills again on the way up', async () => {
      const migration = new PostCalendar1732508000000();
      const queryRunner = dataSource.createQueryRunner();
      try {
        await migration.down(queryRunner);
        expect(await queryRunner.hasColumn('post_targets', 'calendar_at')).to.equal(false);
        await migration.up(queryRunner);
      } finally {
        await queryRunner.release();
      }
      expect(await calendarTimes()).to.deep.equal(BEFORE.map(([id, , , calendar]) => [id, calendar]));
    });
  });
}
