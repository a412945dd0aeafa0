import { expect } from 'chai';
import { type DataSource } from 'typeorm';
import { type PostListQuery } from '../../domain/post/PostRepository';
import { POST_STATUSES } from '../../domain/post/PostStatus';
import { type Dialect, dialectOf } from '../../adapters/outbound/persistence/typeorm/sql/Dialect';
import {
  CALENDAR_INDEX,
  CONNECTION_CALENDAR_INDEX,
  calendarPage,
  calendarPlanOf,
  calendarTotal,
  type Statement,
  WALK_DEPTH,
} from '../../adapters/outbound/persistence/typeorm/sql/postCalendar';
import { DATABASE_KINDS, type DatabaseKind, openTestDatabase } from '../support/databases';
import { requireServer } from '../support/services';
import { seedCalendar, RANGE, WORKSPACE } from './postCalendarSeed';
import { HOUR } from '../support/data/times';

/**
 * posts.list's calendar must stay bounded by the posts in its range, whatever the workspace
 * holds: the matching targets come from one range of an index (the workspace's, or the
 * connection's; covering, a platform filtered in it; never a scan of the table or of the
 * workspace), the first pages in calendar order straight from the index order (no sort), the
 * total from the same range. The plans are read, not timed.
 */
const inRange = (extra: Partial<PostListQuery> = {}): PostListQuery => ({
  workspaceId: WORKSPACE,
  targets: RANGE,
  sort: 'scheduledAt',
  limit: 20,
  offset: 0,
  ...extra,
});
const withTargets = (targets: PostListQuery['targets'], extra: Partial<PostListQuery> = {}) => inRange({ targets: { ...RANGE, ...targets }, ...extra });

const FILTERS = [
  ['a range', inRange(), CALENDAR_INDEX, 'workspace_id=? AND calendar_at>? AND calendar_at<?'],
  ['a range on a platform', withTargets({ platform: 'BLUESKY' }), CALENDAR_INDEX, 'workspace_id=? AND calendar_at>? AND calendar_at<?'],
  [
    'a range on a connection',
    withTargets({ connectionId: 'conn_linkedin' }),
    CONNECTION_CALENDAR_INDEX,
    'workspace_id=? AND connection_id=? AND calendar_at>? AND calendar_at<?',
  ],
  [
    'a range on a connection and a platform',
    withTargets({ connectionId: 'conn_bluesky', platform: 'BLUESKY' }),
    CONNECTION_CALENDAR_INDEX,
    'workspace_id=? AND connection_id=? AND calendar_at>? AND calendar_at<?',
  ],
] as const;

const ids = async (dataSource: DataSource, [sql, parameters]: Statement) =>
  ((await dataSource.query(sql, parameters)) as Array<{ id: string }>).map((row) => row.id);

for (const kind of DATABASE_KINDS) {
  describe(`posts.list's calendar indexes on ${kind === 'sqlite' ? 'SQLite' : 'MariaDB'}`, function () {
    let dataSource: DataSource;
    let d: Dialect;
    before(async function () {
      if (kind === 'mysql') await requireServer(this, 'MySQL');
      dataSource = await openTestDatabase(kind);
      d = dialectOf(dataSource);
      await seedCalendar(dataSource);
      await dataSource.query(kind === 'sqlite' ? 'ANALYZE' : 'ANALYZE TABLE posts, post_targets');
    });
    after(async () => dataSource?.destroy());

    const explain = (statement: Statement) => plan(kind, dataSource, statement);

    it('counts a range whose ends fall inside days from the kept days, and only its two edge parts from the calendar index', async () => {
      const edges = inRange({ targets: { from: new Date(RANGE.from.getTime() + HOUR), to: new Date(RANGE.to.getTime() + HOUR) } });
      const steps = await explain(calendarTotal(d, edges)!);
      expect(keptDaysSteps(kind, steps)).to.have.length(2);
      if (kind === 'sqlite') {
        expect(steps.filter((s) => /^(SCAN|SEARCH) (t|e|p|posts|post_targets)\b/.test(s))).to.deep.equal([
          `SEARCH t USING COVERING INDEX ${CALENDAR_INDEX} (workspace_id=? AND calendar_at>? AND calendar_at<?)`,
          `SEARCH t USING COVERING INDEX ${CALENDAR_INDEX} (workspace_id=? AND calendar_at>? AND calendar_at<?)`,
          'SEARCH e USING INDEX idx_post_targets_post_position (post_id=?) LEFT-JOIN',
        ]);
      } else {
        expect(steps.filter((s) => /^[tep] /.test(s)).map((s) => s.split(' ').slice(0, 3).join(' '))).to.have.members([
          `t range ${CALENDAR_INDEX}`,
          `t range ${CALENDAR_INDEX}`,
          'e ref idx_post_targets_post_position',
        ]);
      }
    });

    it('reads the first pages by walking the index, deeper ones by grouping the range', () => {
      expect(calendarPlanOf(inRange())).to.equal('walk');
      expect(calendarPlanOf(inRange({ offset: WALK_DEPTH - 20 }))).to.equal('walk');
      expect(calendarPlanOf(inRange({ offset: WALK_DEPTH - 19 }))).to.equal('group');
      expect(calendarPlanOf(inRange({ sort: undefined }))).to.equal('group');
      expect(calendarPlanOf(withTargets({ from: undefined, to: undefined, platform: 'TWITTER' }))).to.equal('group');
    });

    for (const [label, query, index, searched] of FILTERS) {
      for (const status of [undefined, 'publishing'] as const) {
        const what = `${label}${status ? ' and a status' : ''}`;
        const q = { ...query, status };

        it(`walks ${what} in ${index} order: covering, no sort, each post's siblings by post`, async () => {
          const steps = await explain(calendarPage(d, q, 'walk').ids);
          if (kind === 'sqlite') {
            expect(steps).to.deep.equal([
              `SEARCH t USING COVERING INDEX ${index} (${searched})`,
              'CORRELATED SCALAR SUBQUERY 1',
              'SEARCH e USING INDEX idx_post_targets_post_position (post_id=?)',
              ...(status ? ['SEARCH p USING INDEX sqlite_autoindex_posts_1 (id=?)'] : []),
            ]);
          } else {
            expect(steps[0])
              .to.match(new RegExp(`^t range ${index} .*Using index`))
              .and.not.match(/filesort|temporary/);
            expect(steps.slice(1).join(' / ')).to.not.match(/filesort|temporary|ALL/);
            expect(steps.at(-1)).to.match(/^e ref idx_post_targets_post_position /);
          }
        });

        // A range alone is counted from the kept days instead (keptDaysSteps, below).
        const kept = label === 'a range' && status === undefined;
        it(`counts ${what} from ${kept ? 'the kept days, never from the targets' : `the same range of ${index}`}`, async () => {
          const steps = await explain(calendarTotal(d, q)!);
          if (kept) {
            expect(steps.filter((s) => /\b(t|e|p|posts|post_targets)\b/.test(s))).to.deep.equal([]);
            expect(keptDaysSteps(kind, steps)).to.have.length(2);
            return;
          }
          if (kind === 'sqlite') {
            expect(steps).to.include(`SEARCH t USING COVERING INDEX ${index} (${searched})`);
            expect(steps.filter((s) => /^(SCAN|SEARCH) (t|p|posts|post_targets)\b/.test(s))).to.deep.equal([
              `SEARCH t USING COVERING INDEX ${index} (${searched})`,
              ...(status ? ['SEARCH p USING INDEX sqlite_autoindex_posts_1 (id=?)'] : []),
            ]);
          } else {
            expect(steps.find((s) => s.startsWith('t '))).to.match(new RegExp(`^t range ${index} .*Using index`));
            expect(steps.filter((s) => s.startsWith('p ')).map((s) => s.slice(0, 17))).to.deep.equal(status ? ['p eq_ref PRIMARY '] : []);
          }
        });

        it(`groups ${what} from ${index}, never reading another post of the workspace`, async () => {
          const steps = await explain(calendarPage(d, { ...q, sort: undefined }, 'group').ids);
          if (kind === 'sqlite') {
            expect(steps).to.include(`SEARCH t USING COVERING INDEX ${index} (${searched})`);
            expect(steps.filter((s) => /^SCAN (t|p|posts|post_targets)\b/.test(s))).to.deep.equal([]);
          } else {
            expect(steps.find((s) => s.startsWith('t '))).to.match(new RegExp(`^t range ${index} .*Using index`));
            expect(steps.filter((s) => s.startsWith('p ')).map((s) => s.split(' ').slice(0, 3).join(' '))).to.deep.equal(['p eq_ref PRIMARY']);
          }
        });

        it(`gives the same pages of ${what} whichever way it reads them`, async () => {
          for (const offset of [0, 7, 20, 180, 460]) {
            const page = { ...q, offset };
            const walked = await ids(dataSource, calendarPage(d, page, 'walk').ids);
            expect(walked, `offset ${offset}`).to.deep.equal(await ids(dataSource, calendarPage(d, page, 'group').ids));
            if (offset === 0) expect(walked).to.have.length(20);
          }
        });
      }
    }

    it('orders a range soonest first, each post once at its earliest matching target, ties by post id', async () => {
      const [sql, parameters] = calendarPage(d, inRange({ limit: 200 }), 'group').ids;
      const rows = (await dataSource.query(sql, parameters)) as Array<{ id: string; first_at: unknown }>;
      const keys = rows.map((row) => `${new Date(d.sqlite ? `${String(row.first_at).replace(' ', 'T')}Z` : (row.first_at as Date)).toISOString()} ${row.id}`);
      expect(keys).to.deep.equal([...keys].sort());
      expect(new Set(rows.map((row) => row.id)).size).to.equal(rows.length);
    });

    it('counts each post once, a status among them', async () => {
      const count = async (q: PostListQuery) => Number(((await dataSource.query(...calendarTotal(d, q)!)) as Array<{ total: unknown }>)[0]!.total);
      const all = await count(inRange());
      const byStatus = await Promise.all(POST_STATUSES.map((status) => count(inRange({ status }))));
      expect(all).to.be.greaterThan(300);
      expect(byStatus.reduce((a, b) => a + b, 0)).to.equal(all);
      expect(all).to.equal((await ids(dataSource, calendarPage(d, inRange({ limit: 10_000 }), 'group').ids)).length);
    });
  });
}

/** The plan's steps: SQLite's details, or MariaDB's rows as `table type key Extra`. */
/** The kept total's two reads, each a range of its table's primary key (post_calendar_days as k, its links as l). */
function keptDaysSteps(kind: DatabaseKind, steps: string[]): string[] {
  const expected =
    kind === 'sqlite'
      ? [
          /^SEARCH k USING INDEX sqlite_autoindex_post_calendar_days_1 \(workspace_id=\? AND day>\? AND day<\?\)$/,
          /^SEARCH l USING COVERING INDEX sqlite_autoindex_post_calendar_links_1 \(workspace_id=\? AND day>\? AND day<\?\)$/,
        ]
      : [/^k range PRIMARY/, /^l range PRIMARY/];
  return steps.filter((s) => expected.some((e) => e.test(s)));
}

async function plan(kind: DatabaseKind, dataSource: DataSource, [sql, parameters]: Statement): Promise<string[]> {
  if (kind === 'sqlite') return ((await dataSource.query(`EXPLAIN QUERY PLAN ${sql}`, parameters)) as Array<{ detail: string }>).map((r) => r.detail);
  const rows = (await dataSource.query(`EXPLAIN ${sql}`, parameters)) as Array<Record<string, unknown>>;
  return rows.map((r) => `${String(r.table)} ${String(r.type)} ${String(r.key)}${r.Extra ? ` ${String(r.Extra)}` : ''}`);
}
