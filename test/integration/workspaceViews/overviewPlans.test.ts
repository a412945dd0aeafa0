import { expect } from 'chai';
import { type DataSource } from 'typeorm';
import { TypeOrmWorkspaceReads } from '../../../adapters/outbound/persistence/typeorm/workspaceViews/TypeOrmWorkspaceReads';
import { DATABASE_KINDS, openTestDatabase, serverFor } from '../../support/databases';
import { requireServer } from '../../support/services';

/**
 * The overview's failures are read per post through the post's own targets: never through
 * (status, posted_at), which holds every failed target of every workspace (SQLite chose it once
 * the analytics added that index, and the overview went from 0.3 ms to 48 ms). Plans are read,
 * not timed.
 */
/** The statements `read` sends through the adapter's one query method, still run. */
async function statementsOf(reads: TypeOrmWorkspaceReads, read: () => Promise<unknown>): Promise<Array<[string, unknown[]]>> {
  const seen: Array<[string, unknown[]]> = [];
  const adapter = reads as unknown as { query(sql: string, parameters: unknown[]): Promise<unknown> };
  const original = adapter.query.bind(adapter);
  adapter.query = (sql, parameters) => {
    seen.push([sql, parameters]);
    return original(sql, parameters);
  };
  await read();
  return seen;
}

async function planOf(dataSource: DataSource, [sql, parameters]: [string, unknown[]]): Promise<string> {
  const explain = dataSource.options.type === 'better-sqlite3' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN';
  return JSON.stringify(await dataSource.query(`${explain} ${sql}`, parameters));
}

for (const kind of DATABASE_KINDS) {
  describe(`The overview's failures read each post's targets by its own index: ${kind}`, function () {
    let dataSource: DataSource;
    before(async function () {
      if (serverFor(kind) !== null) await requireServer(this, serverFor(kind)!);
      dataSource = await openTestDatabase(kind);
    });
    after(async () => dataSource?.destroy());

    it('reads post_targets through idx_post_targets_post_position, not the analytics index', async () => {
      const reads = new TypeOrmWorkspaceReads(dataSource);
      const statements = await statementsOf(reads, () => reads.recentFailedTargets('W000000000000000000000000A', 5));
      expect(statements).to.have.length(1);
      const plan = await planOf(dataSource, statements[0]!);
      expect(plan).to.include('idx_post_targets_post_position');
      expect(plan).to.not.include('idx_post_targets_status_posted');
    });
  });
}
