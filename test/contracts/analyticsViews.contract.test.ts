import { expect } from 'chai';
import { type AnalyticsGroupBy } from '../../application/ports/AnalyticsViews';
import { type Collected } from '../../application/ports/TargetMetrics';
import { collectAt, counts, HOUR, METRICS_BACKENDS, type MetricsBackend, newWorkspace, publishedPost } from './targetMetricsFixtures';

/**
 * The analytics (docs/analytics.md: sums over the targets published in [from, to), by UTC day,
 * platform or connection, averages per target that reports the figure, two decimals, deleted
 * posts left out) against figures summed by hand, the same on memory, SQLite and MariaDB.
 *
 *   P1  a  conn_twitter    2031-03-01 00:00 (= from)  likes 10 reposts 2 replies 1 quotes 0 views 1000 clicks 5
 *       b  conn_bluesky    2031-03-01 23:30           likes 7 reposts 3 replies 2 quotes 1 saves 4
 *   P2  c  conn_twitter_2  2031-03-02 00:30           likes 2 views 100, then likes 5 reposts 0 replies 0 views 333 clicks 1
 *       d  conn_linkedin   2031-03-02 12:00           likes 4 reposts 1 replies 3 views 250 clicks 8, then a failed read
 *   P3  e  conn_twitter    2031-03-03 09:00           only a failed read: no figures
 *       f  conn_bluesky    2031-03-03 15:00           likes 100, then deleted: left out
 *   P4  g  conn_twitter    2031-03-04 00:00 (= to)    likes 1000 views 1000: outside
 *   P5  h  conn_twitter    2031-02-28 23:59:59.999    likes 1000 views 1000: outside
 *   P6     conn_twitter    2031-03-02 08:00           scheduled, never published
 *   another workspace's post on 2031-03-02 with likes 500 views 500
 */
const FROM = new Date('2031-03-01T00:00:00.000Z');
const TO = new Date('2031-03-04T00:00:00.000Z');
const FIRST_ROUND = new Date('2031-03-20T00:00:00.000Z');
const SECOND_ROUND = new Date(FIRST_ROUND.getTime() + HOUR);
const NOTHING = counts({});

const got = (given: Parameters<typeof counts>[0]): Collected => ({ kind: 'counts', counts: counts(given), raw: {} });
const summary = (posts: number, targets: number, sums: Parameters<typeof counts>[0], averages: Parameters<typeof counts>[0] = sums) => ({
  posts,
  targets,
  sums: counts(sums),
  averages: counts(averages),
});

for (const [name, open] of METRICS_BACKENDS) {
  describe(`AnalyticsViews contract: ${name}`, function () {
    let b: MetricsBackend;
    let ws: string;
    before(async function () {
      b = await open(this);
      ws = await newWorkspace(b);
      const at = (iso: string) => new Date(iso);
      const p1 = await publishedPost(b, ws, [
        { conn: 'conn_twitter', at: FROM },
        { conn: 'conn_bluesky', at: at('2031-03-01T23:30:00.000Z') },
      ]);
      const p2 = await publishedPost(b, ws, [
        { conn: 'conn_twitter_2', at: at('2031-03-02T00:30:00.000Z') },
        { conn: 'conn_linkedin', at: at('2031-03-02T12:00:00.000Z') },
      ]);
      const p3 = await publishedPost(b, ws, [
        { conn: 'conn_twitter', at: at('2031-03-03T09:00:00.000Z') },
        { conn: 'conn_bluesky', at: at('2031-03-03T15:00:00.000Z') },
      ]);
      const p4 = await publishedPost(b, ws, [{ conn: 'conn_twitter', at: TO }]);
      const p5 = await publishedPost(b, ws, [{ conn: 'conn_twitter', at: at('2031-02-28T23:59:59.999Z') }]);
      await publishedPost(b, ws, [{ conn: 'conn_twitter', at: at('2031-03-02T08:00:00.000Z'), published: false }]);
      const foreign = await publishedPost(b, await newWorkspace(b), [{ conn: 'conn_twitter', at: at('2031-03-02T10:00:00.000Z') }]);
      const [a, bs, c, d, e, f, g, h, x] = [...p1.targetIds, ...p2.targetIds, ...p3.targetIds, ...p4.targetIds, ...p5.targetIds, ...foreign.targetIds];

      expect(await b.metrics.discover(new Date('2031-01-01T00:00:00Z'), 1000)).to.equal(9);
      const again = { nextAt: SECOND_ROUND };
      const done = { nextAt: null };
      const first = await collectAt(b, FIRST_ROUND, {
        [a!]: { collected: got({ likes: 10, reposts: 2, replies: 1, quotes: 0, views: 1000, clicks: 5 }), ...done },
        [bs!]: { collected: got({ likes: 7, reposts: 3, replies: 2, quotes: 1, saves: 4 }), ...done },
        [c!]: { collected: got({ likes: 2, views: 100 }), ...again },
        [d!]: { collected: got({ likes: 4, reposts: 1, replies: 3, views: 250, clicks: 8 }), ...again },
        [e!]: { collected: { kind: 'failed', reason: 'the platform answered 500' }, ...done },
        [f!]: { collected: got({ likes: 100, views: 100 }), ...again },
        [g!]: { collected: got({ likes: 1000, views: 1000 }), ...done },
        [h!]: { collected: got({ likes: 1000, views: 1000 }), ...done },
        [x!]: { collected: got({ likes: 500, views: 500 }), ...done },
      });
      expect(first).to.have.length(9);
      const second = await collectAt(b, SECOND_ROUND, {
        [c!]: { collected: got({ likes: 5, reposts: 0, replies: 0, views: 333, clicks: 1 }), ...done },
        [d!]: { collected: { kind: 'failed', reason: 'LinkedIn answered 503' }, ...done },
        [f!]: { collected: { kind: 'deleted' }, ...done },
      });
      expect(second).to.have.length(3);
    });
    after(async () => b?.close());

    const summarize = (groupBy: AnalyticsGroupBy, page = { limit: 100, offset: 0 }, range = { from: FROM, to: TO }) =>
      b.views.summarize({ workspaceId: ws, groupBy, ...range, ...page });

    it('sums the latest figures of the range, averages per target reporting each figure (two decimals); deleted, unpublished, outside and foreign left out', async () => {
      const { overall } = await summarize('day');
      expect(overall).to.deep.equal(
        summary(
          3,
          5,
          { likes: 26, reposts: 6, replies: 6, quotes: 1, saves: 4, views: 1583, clicks: 14 },
          { likes: 6.5, reposts: 1.5, replies: 1.5, quotes: 0.5, saves: 4, views: 527.67, clicks: 4.67 },
        ),
      );
    });

    it('groups by UTC day, in order, a day with only unreported figures keeping nulls', async () => {
      const byDay = await summarize('day');
      expect(byDay.totalGroups).to.equal(3);
      expect(byDay.groups).to.deep.equal([
        {
          key: '2031-03-01',
          ...summary(
            1,
            2,
            { likes: 17, reposts: 5, replies: 3, quotes: 1, saves: 4, views: 1000, clicks: 5 },
            { likes: 8.5, reposts: 2.5, replies: 1.5, quotes: 0.5, saves: 4, views: 1000, clicks: 5 },
          ),
        },
        {
          key: '2031-03-02',
          ...summary(1, 2, { likes: 9, reposts: 1, replies: 3, views: 583, clicks: 9 }, { likes: 4.5, reposts: 0.5, replies: 1.5, views: 291.5, clicks: 4.5 }),
        },
        { key: '2031-03-03', ...summary(1, 1, {}) },
      ]);
    });

    it('groups by platform', async () => {
      const byPlatform = await summarize('platform');
      expect(byPlatform.totalGroups).to.equal(3);
      expect(byPlatform.groups).to.deep.equal([
        { key: 'BLUESKY', ...summary(1, 1, { likes: 7, reposts: 3, replies: 2, quotes: 1, saves: 4 }) },
        { key: 'LINKEDIN', ...summary(1, 1, { likes: 4, reposts: 1, replies: 3, views: 250, clicks: 8 }) },
        {
          key: 'TWITTER',
          ...summary(
            3,
            3,
            { likes: 15, reposts: 2, replies: 1, quotes: 0, views: 1333, clicks: 6 },
            { likes: 7.5, reposts: 1, replies: 0.5, quotes: 0, views: 666.5, clicks: 3 },
          ),
        },
      ]);
    });

    it('groups by connection, paged by limit and offset, with the total before paging', async () => {
      const middle = await summarize('connection', { limit: 2, offset: 1 });
      expect(middle.totalGroups).to.equal(4);
      expect(middle.groups).to.deep.equal([
        { key: 'conn_linkedin', ...summary(1, 1, { likes: 4, reposts: 1, replies: 3, views: 250, clicks: 8 }) },
        { key: 'conn_twitter', ...summary(2, 2, { likes: 10, reposts: 2, replies: 1, quotes: 0, views: 1000, clicks: 5 }) },
      ]);
      const last = await summarize('connection', { limit: 2, offset: 3 });
      expect(last.groups).to.deep.equal([{ key: 'conn_twitter_2', ...summary(1, 1, { likes: 5, reposts: 0, replies: 0, views: 333, clicks: 1 }) }]);
      const past = await summarize('connection', { limit: 2, offset: 4 });
      expect({ groups: past.groups, total: past.totalGroups }).to.deep.equal({ groups: [], total: 4 });
      // Paging never changes the whole range's figures.
      expect(past.overall).to.deep.equal((await summarize('day')).overall);
    });

    it('by day and by platform every group comes, whatever the page: only connections are paged (the port says so)', async () => {
      const byDay = await summarize('day', { limit: 1, offset: 1 });
      expect(byDay.groups.map((g) => g.key)).to.deep.equal(['2031-03-01', '2031-03-02', '2031-03-03']);
      const byPlatform = await summarize('platform', { limit: 1, offset: 0 });
      expect(byPlatform.groups.map((g) => g.key)).to.deep.equal(['BLUESKY', 'LINKEDIN', 'TWITTER']);
    });

    it('a range with nothing published: zero posts and targets, every figure null', async () => {
      const empty = await summarize('platform', { limit: 100, offset: 0 }, { from: new Date('2031-04-01T00:00:00Z'), to: new Date('2031-05-01T00:00:00Z') });
      expect(empty).to.deep.equal({ groups: [], totalGroups: 0, overall: { posts: 0, targets: 0, sums: NOTHING, averages: NOTHING } });
    });

    it('the bounds: from is in, to is out, to the millisecond', async () => {
      const lastMs = await summarize('day', { limit: 100, offset: 0 }, { from: new Date('2031-02-28T23:59:59.999Z'), to: FROM });
      expect(lastMs.overall).to.deep.equal(summary(1, 1, { likes: 1000, views: 1000 }));
      const atTo = await summarize('day', { limit: 100, offset: 0 }, { from: TO, to: new Date('2031-03-04T00:00:00.001Z') });
      expect(atTo.groups).to.deep.equal([{ key: '2031-03-04', ...summary(1, 1, { likes: 1000, views: 1000 }) }]);
    });
  });
}
