import { expect } from 'chai';
import { type DataSource } from 'typeorm';
import { openDatabase } from '../../../adapters/outbound/persistence/typeorm/createDataSource';
import { loadConfig } from '../../../config/env';
import { MYSQL_URL, requireServer } from '../../support/services';

/** The MySQL connections each process keeps: DATABASE_POOL_SIZE (docs/configuration.md). */
describe('DATABASE_POOL_SIZE: the connections one process keeps to MariaDB', function () {
  const opened: DataSource[] = [];
  before(async function () {
    await requireServer(this, 'MySQL');
  });
  after(async () => {
    for (const dataSource of opened) await dataSource.destroy();
  });

  /** The distinct server connections that ran `n` statements sent at once, each holding its connection 0.2 s. */
  async function connectionsUsedBy(env: Record<string, string>, n: number): Promise<number> {
    const { database } = loadConfig({ DATABASE_URL: MYSQL_URL, ...env });
    const dataSource = await openDatabase(database);
    opened.push(dataSource);
    const rows: Array<Array<{ id: number | string }>> = await Promise.all(
      Array.from({ length: n }, () => dataSource.query('SELECT CONNECTION_ID() AS id, SLEEP(0.2) AS slept')),
    );
    return new Set(rows.map(([row]) => String(row!.id))).size;
  }

  it('runs at most DATABASE_POOL_SIZE statements at once, the others waiting their turn', async () => {
    expect(await connectionsUsedBy({ DATABASE_POOL_SIZE: '2' }, 6)).to.equal(2);
  });

  it('keeps up to 10 by default', async () => {
    expect(await connectionsUsedBy({}, 12)).to.equal(10);
  });
});
