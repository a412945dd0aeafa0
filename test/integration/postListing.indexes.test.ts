import { expect } from 'chai';
import { type DataSource } from 'typeorm';
import { type PostListQuery } from '../../domain/post/PostRepository';
import { POST_STATUSES } from '../../domain/post/PostStatus';
import { TypeOrmPostRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmPostRepository';
import { dialectOf } from '../../adapters/outbound/persistence/typeorm/sql/Dialect';
import { pageIdsSql, pageParameters, totalParameters, totalSql } from '../../adapters/outbound/persistence/typeorm/sql/postReads';
import { type PostRow, PostSchema } from '../../adapters/outbound/persistence/typeorm/schemas/PostSchema';
import { WorkspaceSchema } from '../../adapters/outbound/persistence/typeorm/schemas/WorkspaceSchema';
import { openTestDatabase } from '../support/databases';
import { requireServer } from '../support/services';

/**
 * posts.list must stay fast at 100,000 posts in a workspace: the page comes from an index
 * range, in index order, never from a sort of the whole workspace, and the total from the
 * workspace's rows of post_counts, by primary key, never from a COUNT over its posts. The
 * plans are read, not timed, so the test holds on any machine. A few thousand rows in three
 * workspaces give both planners statistics that make a full scan look as bad as it is.
 */
const WORKSPACES = ['W000000000000000000000000A', 'W000000000000000000000000B', 'W000000000000000000000000C'];
const POSTS_PER_WORKSPACE = 1500;
const BY_WORKSPACE = 'idx_posts_workspace_created';
const BY_STATUS = 'idx_posts_workspace_status_created';

async function seed(dataSource: DataSource): Promise<void> {
  const now = new Date('2031-01-01T00:00:00.000Z');
  await dataSource
    .createQueryBuilder()
    .insert()
    .into(WorkspaceSchema)
    .values(WORKSPACES.map((id) => ({ id, name: id, createdAt: now })))
    .execute();
  for (const workspaceId of WORKSPACES) {
    const rows: PostRow[] = Array.from({ length: POSTS_PER_WORKSPACE }, (_, i) => ({
      id: `${workspaceId.slice(-1)}${String(i).padStart(25, '0')}`,
      workspaceId,
      status: POST_STATUSES[i % POST_STATUSES.length]!,
      source: 'app',
      externalSubmissionId: null,
      requestedIntent: null,
      authorUserId: null,
      groups: [],
      // Every tenth post shares its millisecond with the one before: ties are ordered by id.
      createdAt: new Date(now.getTime() + i - (i % 10 === 0 ? 1 : 0)),
      updatedAt: now,
      version: 1,
    }));
    for (let start = 0; start < rows.length; start += 250) {
      await dataSource
        .createQueryBuilder()
        .insert()
        .into(PostSchema)
        .values(rows.slice(start, start + 250))
        .execute();
    }
  }
  // The rows went in around the repository, so their counts are made as the migration's backfill makes them.
  const count = dataSource.driver.escape('count');
  await dataSource.query(
    `INSERT INTO post_counts (workspace_id, status, ${count}) SELECT workspace_id, status, COUNT(*) FROM posts GROUP BY workspace_id, status`,
  );
}

/** Statuses cycle through the seeded posts: how many of the 1,500 have `status`. */
const seededWith = (status: string): number =>
  Array.from({ length: POSTS_PER_WORKSPACE }, (_, i) => POST_STATUSES[i % POST_STATUSES.length]).filter((s) => s === status).length;

const pageQuery = (status?: PostListQuery['status']): PostListQuery => ({ workspaceId: WORKSPACES[1]!, status, limit: 20, offset: 400 });

/** The statements posts.list runs (postReads.ts): the page's ids from the index, and the total. */
const pageStatement = (query: PostListQuery): [string, unknown[]] => [pageIdsSql(query.status !== undefined), pageParameters(query)];
const totalStatement = (dataSource: DataSource, query: PostListQuery): [string, unknown[]] => [
  totalSql(dialectOf(dataSource), query.status !== undefined),
  totalParameters(query),
];

describe('Post listing indexes on SQLite', () => {
  let dataSource: DataSource;
  before(async () => {
    dataSource = await openTestDatabase('sqlite');
    await seed(dataSource);
    await dataSource.query('ANALYZE');
  });
  after(async () => dataSource?.destroy());

  const searched = (status?: string) => (status ? 'workspace_id=? AND status=?' : 'workspace_id=?');

  async function plan(sqlAndParameters: [string, unknown[]]): Promise<string[]> {
    const [sql, parameters] = sqlAndParameters;
    const rows: { detail: string }[] = await dataSource.query(`EXPLAIN QUERY PLAN ${sql}`, parameters);
    return rows.map((row) => row.detail);
  }

  for (const [label, status, index] of [
    ['by workspace', undefined, BY_WORKSPACE],
    ['by workspace and status', 'scheduled', BY_STATUS],
  ] as const) {
    it(`reads a page ${label} in index order from ${index}, no sort, no table rows`, async () => {
      const steps = await plan(pageStatement(pageQuery(status)));
      expect(steps, 'one step: no sort after the search').to.deep.equal([`SEARCH posts USING COVERING INDEX ${index} (${searched(status)})`]);
    });
  }

  for (const status of [undefined, 'scheduled'] as const) {
    it(`reads the total ${status ? 'of one status ' : ''}from post_counts by its primary key, not from posts`, async () => {
      const steps = await plan(totalStatement(dataSource, pageQuery(status)));
      expect(steps).to.have.length(1);
      expect(steps[0]).to.match(/^SEARCH post_counts USING (INDEX sqlite_autoindex_post_counts_1|PRIMARY KEY) /);
      expect(steps[0]).to.include(`(${searched(status)})`);
    });
  }

  it('returns the page the plan promises: newest first, ties (1490 and 1489 share a millisecond) by id descending', async () => {
    const [sql, parameters] = pageStatement({ ...pageQuery(), offset: 8, limit: 4 });
    const ids = ((await dataSource.query(sql, parameters)) as Array<{ id: string }>).map((r) => r.id);
    expect(ids).to.deep.equal(['B0000000000000000000001491', 'B0000000000000000000001490', 'B0000000000000000000001489', 'B0000000000000000000001488']);
  });

  it('lists with the totals the counts hold: the workspace, one status of it', async () => {
    const posts = new TypeOrmPostRepository(dataSource);
    expect((await posts.list({ ...pageQuery(), limit: 2 })).total).to.equal(POSTS_PER_WORKSPACE);
    const scheduled = await posts.list({ ...pageQuery('scheduled'), offset: 0, limit: 2 });
    expect(scheduled.total).to.equal(seededWith('scheduled'));
    expect(scheduled.items.map((p) => p.status)).to.deep.equal(['scheduled', 'scheduled']);
  });
});

describe('Post listing indexes on MariaDB', function () {
  let dataSource: DataSource;
  before(async function () {
    await requireServer(this, 'MySQL');
    dataSource = await openTestDatabase('mysql');
    await seed(dataSource);
    await dataSource.query('ANALYZE TABLE posts, post_counts');
  });
  after(async () => dataSource?.destroy());

  async function explain(sqlAndParameters: [string, unknown[]]): Promise<{ key: string | null; Extra: string | null }> {
    const [sql, parameters] = sqlAndParameters;
    const rows: { key: string | null; Extra: string | null }[] = await dataSource.query(`EXPLAIN ${sql}`, parameters);
    expect(rows, 'one table, no derived step').to.have.length(1);
    return rows[0]!;
  }

  for (const [label, status, index] of [
    ['by workspace', undefined, BY_WORKSPACE],
    ['by workspace and status', 'scheduled', BY_STATUS],
  ] as const) {
    it(`reads a page ${label} from ${index} alone, without a filesort`, async () => {
      const row = await explain(pageStatement(pageQuery(status)));
      expect(row.key).to.equal(index);
      expect(row.Extra ?? '')
        .to.include('Using index')
        .and.not.include('filesort');
    });
  }

  it("reads the total from post_counts by its primary key: the workspace's rows, or the one row of a status", async () => {
    const all = await explain(totalStatement(dataSource, pageQuery()));
    expect(all.key).to.equal('PRIMARY');
    const one = await explain(totalStatement(dataSource, pageQuery('scheduled')));
    expect(one.key).to.equal('PRIMARY');
  });
});
