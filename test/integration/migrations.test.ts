import { expect } from 'chai';
import { DataSource } from 'typeorm';
import { ALL_MIGRATIONS } from '../../adapters/outbound/persistence/typeorm/migrations';
import { DATABASE_KINDS, openTestDatabase } from '../support/databases';
import { requireServer } from '../support/services';

const TABLES = ['users', 'workspaces', 'memberships', 'api_keys', 'connections', 'signing_keys'];
const MIGRATION_NAMES = ALL_MIGRATIONS.map((Migration) => new Migration().name);

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
