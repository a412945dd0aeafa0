import { expect } from 'chai';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { type PostStatus } from '../../domain/post/PostStatus';
import { ALL_MIGRATIONS } from '../../adapters/outbound/persistence/typeorm/migrations';
import { PostCounts1732360000000 } from '../../adapters/outbound/persistence/typeorm/migrations/1732360000000-PostCounts';
import { TypeOrmPostRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmPostRepository';
import { WorkspaceSchema } from '../../adapters/outbound/persistence/typeorm/schemas/WorkspaceSchema';
import { DATABASE_KINDS, openTestDatabase } from '../support/databases';
import { requireServer } from '../support/services';

const TABLES = [
  'users',
  'workspaces',
  'memberships',
  'api_keys',
  'connections',
  'signing_keys',
  'sessions',
  'oauth_clients',
  'oauth_grants',
  'oauth_tokens',
  'oauth_device_authorizations',
  'oauth_consent_tickets',
  'email_preferences',
  'transcriptions',
  'transcription_usage',
  'workspace_setup_steps',
];
/** The timestamp a migration's name ends with: TypeORM applies them in its order, not the array's. */
const timestampOf = (name: string | undefined): number => Number(/\d{13}$/.exec(name ?? '')?.[0]);
const MIGRATION_NAMES = ALL_MIGRATIONS.map((Migration) => new Migration().name!).sort((a, b) => timestampOf(a) - timestampOf(b));

async function existingTables(dataSource: DataSource): Promise<string[]> {
  const queryRunner = dataSource.createQueryRunner();
  try {
    const present = await Promise.all(TABLES.map((table) => queryRunner.hasTable(table)));
    return TABLES.filter((_, i) => present[i]);
  } finally {
    await queryRunner.release();
  }
}

/**
 * The SQL TypeORM would run to make the database match the EntitySchemas; empty when the
 * hand-written migrations and the schemas agree. On MariaDB the diff needs a 'mariadb'
 * DataSource: as 'mysql', TypeORM misreads MariaDB's quoted NULL defaults as changes.
 */
async function schemaDrift(dataSource: DataSource): Promise<string[]> {
  const options = dataSource.options;
  let inspector = dataSource;
  if (options.type === 'mysql') {
    const [{ version }] = await dataSource.query('SELECT VERSION() AS version');
    if (String(version).includes('MariaDB')) inspector = new DataSource({ ...options, type: 'mariadb' });
  }
  const ownConnection = inspector !== dataSource;
  if (ownConnection) await inspector.initialize();
  try {
    const log = await inspector.driver.createSchemaBuilder().log();
    return log.upQueries.map((q) => q.query);
  } finally {
    if (ownConnection) await inspector.destroy();
  }
}

for (const kind of DATABASE_KINDS) {
  describe(`Migrations on ${kind === 'sqlite' ? 'SQLite' : 'MariaDB'}`, function () {
    let dataSource: DataSource;

    before(async function () {
      if (kind === 'mysql') await requireServer(this, 'MySQL');
      dataSource = await openTestDatabase(kind, { migrate: false });
    });
    after(async () => dataSource?.destroy());

    it('apply every migration to an empty database', async () => {
      expect(await existingTables(dataSource)).to.deep.equal([]);
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      expect(applied.map((m) => m.name)).to.deep.equal(MIGRATION_NAMES);
      expect(await existingTables(dataSource)).to.deep.equal(TABLES);
    });

    it('do nothing on a second run', async () => {
      expect(await dataSource.showMigrations()).to.equal(false);
      expect(await dataSource.runMigrations({ transaction: 'each' })).to.deep.equal([]);
    });

    it('leave the database exactly as the EntitySchemas describe it', async () => {
      expect(await schemaDrift(dataSource)).to.deep.equal([]);
    });

    it('undo every migration, newest first, with real downs, and apply them again', async () => {
      for (const _ of MIGRATION_NAMES) await dataSource.undoLastMigration({ transaction: 'each' });
      expect(await existingTables(dataSource)).to.deep.equal([]);
      expect(await dataSource.showMigrations()).to.equal(true);
      await dataSource.runMigrations({ transaction: 'each' });
      expect(await existingTables(dataSource)).to.deep.equal(TABLES);
    });
  });
}

/** Posts per workspace and status, written before post_counts exists, in the order of the backfill's result. */
const BEFORE_COUNTS: ReadonlyArray<readonly [workspaceId: string, status: PostStatus, posts: number]> = [
  ['W0000000000000000000000001', 'draft', 3],
  ['W0000000000000000000000001', 'published', 1],
  ['W0000000000000000000000001', 'scheduled', 2],
  ['W0000000000000000000000002', 'draft', 1],
  ['W0000000000000000000000002', 'failed', 1],
];
const EMPTY_WORKSPACE = 'W0000000000000000000000003';

for (const kind of DATABASE_KINDS) {
  describe(`The post counts migration on ${kind === 'sqlite' ? 'SQLite' : 'MariaDB'}`, function () {
    let dataSource: DataSource;

    before(async function () {
      if (kind === 'mysql') await requireServer(this, 'MySQL');
      dataSource = await openTestDatabase(kind, { migrate: false });
    });
    after(async () => dataSource?.destroy());

    /** The database as the migrations before PostCounts left it, with posts in two workspaces. */
    async function postsWithoutCounts(): Promise<void> {
      const countsAt = timestampOf(new PostCounts1732360000000().name);
      const previous = ALL_MIGRATIONS.filter((Migration) => timestampOf(new Migration().name) < countsAt);
      const older = new DataSource({ ...dataSource.options, migrations: previous } as DataSourceOptions);
      await older.initialize();
      try {
        await older.runMigrations({ transaction: 'each' });
        const queryRunner = older.createQueryRunner();
        expect(await queryRunner.hasTable('post_counts').finally(() => queryRunner.release())).to.equal(false);
        const now = new Date('2031-01-01T00:00:00.000Z');
        const workspaces = [...new Set(BEFORE_COUNTS.map(([id]) => id)), EMPTY_WORKSPACE];
        await older
          .createQueryBuilder()
          .insert()
          .into(WorkspaceSchema)
          .values(workspaces.map((id) => ({ id, name: id, createdAt: now })))
          .execute();
        let n = 0;
        // Only the columns posts had then (the entity schema of today has more).
        const columns = ['id', 'workspace_id', 'status', 'source', 'created_at', 'updated_at', older.driver.escape('groups')];
        for (const [workspaceId, status, posts] of BEFORE_COUNTS) {
          for (let i = 0; i < posts; i++) {
            const created = new Date(now.getTime() + ++n);
            const values = [`P${String(n).padStart(25, '0')}`, workspaceId, status, 'app', ...[created, now].map((d) => sqlDate(older, d)), '[]'];
            await older.query(`INSERT INTO posts (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`, values);
          }
        }
      } finally {
        await older.destroy();
      }
    }

    async function counts(): Promise<Array<[string, string, number]>> {
      const count = dataSource.driver.escape('count');
      const rows: Array<{ workspace_id: string; status: string; n: number | string }> = await dataSource.query(
        `SELECT workspace_id, status, ${count} AS n FROM post_counts ORDER BY workspace_id, status`,
      );
      return rows.map((r) => [r.workspace_id, r.status, Number(r.n)]);
    }

    it('backfills post_counts from the posts already there, per workspace and status', async () => {
      await postsWithoutCounts();
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      expect(applied.map((m) => m.name)).to.include('PostCounts1732360000000');
      expect(await counts()).to.deep.equal(BEFORE_COUNTS);
    });

    it('serves posts.list its totals from the backfilled counts, and counts on from there', async () => {
      const posts = new TypeOrmPostRepository(dataSource);
      const [workspaceId] = BEFORE_COUNTS[0]!;
      const total = async (id: string, status?: PostStatus) => (await posts.list({ workspaceId: id, status, limit: 0, offset: 0 })).total;
      expect(await total(workspaceId)).to.equal(6);
      expect(await total(workspaceId, 'scheduled')).to.equal(2);
      expect(await total(EMPTY_WORKSPACE)).to.equal(0);
      expect(await posts.remove(workspaceId, 'P0000000000000000000000001')).to.equal(true);
      expect(await total(workspaceId, 'draft')).to.equal(2);
    });

    it('drops the table on the way down, and backfills again on the way up', async () => {
      const migration = new PostCounts1732360000000();
      const queryRunner = dataSource.createQueryRunner();
      try {
        await migration.down(queryRunner);
        expect(await queryRunner.hasTable('post_counts')).to.equal(false);
        await migration.up(queryRunner);
      } finally {
        await queryRunner.release();
      }
      expect(await counts()).to.deep.equal(BEFORE_COUNTS.map(([w, s, n]) => [w, s, s === 'draft' && w === BEFORE_COUNTS[0]![0] ? n - 1 : n]));
    });
  });
}

/** A datetime parameter as the driver of `dataSource` stores it (TypeORM's UTC text on SQLite). */
const sqlDate = (dataSource: DataSource, date: Date): unknown =>
  dataSource.options.type === 'better-sqlite3' ? date.toISOString().replace('T', ' ').replace('Z', '') : date;
