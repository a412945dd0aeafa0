import { expect } from 'chai';
import { type Collected } from '../../../application/ports/TargetMetrics';
import { TOKENS as T } from '../../../config/tokens';
import { NO_COUNTS, type PostCounts } from '../../../domain/analytics/PostCounts';
import { DATABASE_KINDS } from '../../support/databases';
import { type AnalyticsWorld, startAnalyticsWorld } from './analyticsWorld';

const counts = (given: Partial<PostCounts>): PostCounts => ({ ...NO_COUNTS, ...given });
const got = (given: Partial<PostCounts>): Collected => ({ kind: 'counts', counts: counts(given), raw: {} });
const summary = (posts: number, targets: number, sums: Partial<PostCounts>, averages: Partial<PostCounts> = sums) => ({
  posts,
  targets,
  sums: counts(sums),
  averages: counts(averages),
});
const MAY = { from: '2030-05-01T00:00:00Z', to: '2030-05-03T00:00:00Z' };

/**
 * GET …/analytics over HTTP on SQLite and MariaDB (docs/analytics.md), every answer held to the
 * OpenAPI document: figures summed by hand over four posts, one deleted, one of another
 * workspace; each malformed range a 422 invalid_query naming its parameter.
 *
 *   A  X        2030-05-01 10:00  likes 4 views 100 clicks 1
 *   B  Bluesky  2030-05-01 22:00  likes 3 reposts 1
 *   C  X        2030-05-02 09:00  likes 6 views 301
 *   D  Bluesky  2030-05-02 10:00  likes 50, then deleted
 *   E  another workspace's X, 2030-05-01 12:00, likes 70
 */
for (const kind of DATABASE_KINDS) {
  describe(`the workspace's analytics over HTTP (${kind})`, function () {
    let w: AnalyticsWorld;
    before(async function () {
      w = await startAnalyticsWorld(this, kind);
      const day = (iso: string) => new Date(iso);
      const [a, b, c, d, e] = [
        await w.publish(w.conn.x, day('2030-05-01T10:00:00Z')),
        await w.publish(w.conn.bluesky, day('2030-05-01T22:00:00Z')),
        await w.publish(w.conn.x, day('2030-05-02T09:00:00Z')),
        await w.publish(w.conn.bluesky, day('2030-05-02T10:00:00Z')),
        await w.publish(w.conn.foreign, day('2030-05-01T12:00:00Z')),
      ].map((p) => p.targetId);
      await w.record(day('2030-05-20T00:00:00Z'), {
        [a!]: got({ likes: 4, views: 100, clicks: 1 }),
        [b!]: got({ likes: 3, reposts: 1 }),
        [c!]: got({ likes: 6, views: 301 }),
        [d!]: got({ likes: 50 }),
        [e!]: got({ likes: 70 }),
      });
      // D is read again and found gone.
      await w.t.composition.get(T.TargetMetrics).requestRefresh([d!], day('2030-05-21T00:00:00Z'));
      await w.record(day('2030-05-21T00:00:00Z'), { [d!]: { kind: 'deleted' } });
    });
    after(() => w?.t.close());

    const get = async (query: Record<string, string>) => (await w.api.get(w.analyticsPath(query)).set(w.auth).expect(200)).body;

    it('by day (the default): the range, the overall sums and per-target averages, each UTC day', async () => {
      const body = await get(MAY);
      expect(body).to.deep.include({ from: '2030-05-01T00:00:00.000Z', to: '2030-05-03T00:00:00.000Z', groupBy: 'day', total: 2 });
      expect(body.overall).to.deep.equal(summary(3, 3, { likes: 13, reposts: 1, views: 401, clicks: 1 }, { likes: 4.33, reposts: 1, views: 200.5, clicks: 1 }));
      expect(body.data).to.deep.equal([
        { key: '2030-05-01', ...summary(2, 2, { likes: 7, reposts: 1, views: 100, clicks: 1 }, { likes: 3.5, reposts: 1, views: 100, clicks: 1 }) },
        { key: '2030-05-02', ...summary(1, 1, { likes: 6, views: 301 }) },
      ]);
    });

    it('by platform, and a range given with an offset is the same instant', async () => {
      const body = await get({ from: '2030-05-01T02:00:00+02:00', to: '2030-05-02T20:00:00-04:00', groupBy: 'platform' });
      expect(body.from).to.equal('2030-05-01T00:00:00.000Z');
      expect(body.data).to.deep.equal([
        { key: 'BLUESKY', ...summary(1, 1, { likes: 3, reposts: 1 }) },
        { key: 'TWITTER', ...summary(2, 2, { likes: 10, views: 401, clicks: 1 }, { likes: 5, views: 200.5, clicks: 1 }) },
      ]);
    });

    it('by connection, paged by limit and offset, with the total', async () => {
      const [first, second] = [w.conn.x, w.conn.bluesky].sort();
      const expected: Record<string, object> = {
        [w.conn.x]: summary(2, 2, { likes: 10, views: 401, clicks: 1 }, { likes: 5, views: 200.5, clicks: 1 }),
        [w.conn.bluesky]: summary(1, 1, { likes: 3, reposts: 1 }),
      };
      const page1 = await get({ ...MAY, groupBy: 'connection', limit: '1' });
      expect(page1).to.deep.include({ total: 2, limit: 1, offset: 0 });
      expect(page1.data).to.deep.equal([{ key: first, ...expected[first!] }]);
      const page2 = await get({ ...MAY, groupBy: 'connection', limit: '1', offset: '1' });
      expect(page2.data).to.deep.equal([{ key: second, ...expected[second!] }]);
      expect(page2.overall).to.deep.equal(page1.overall);
    });

    it('a month by day, without paging parameters, has every day of the month (only connections are paged)', async () => {
      const days = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2030, 2, 1 + i, 15)));
      const march = [];
      for (const day of days) march.push((await w.publish(w.conn.x, day)).targetId);
      await w.record(new Date('2030-04-15T00:00:00Z'), Object.fromEntries(march.map((id) => [id, got({ likes: 2 })])));
      const body = await get({ from: '2030-03-01T00:00:00Z', to: '2030-04-01T00:00:00Z' });
      expect(body.overall).to.deep.equal(summary(30, 30, { likes: 60 }, { likes: 2 }));
      expect(body.total).to.equal(30);
      expect(body.data.map((g: { key: string }) => g.key)).to.deep.equal(days.map((d) => d.toISOString().slice(0, 10)));
    });

    it('400 days is the longest range', async () => {
      await get({ from: '2029-06-01T00:00:00Z', to: '2030-07-06T00:00:00Z' });
    });

    it('a malformed range is a 422 invalid_query naming the parameter, every bad one at once', async () => {
      const cases: Array<[Record<string, string>, string]> = [
        [{ to: MAY.to }, 'from'],
        [{ from: MAY.from }, 'to'],
        [{ from: 'yesterday', to: MAY.to }, 'from'],
        [{ from: MAY.from, to: '2030-13-01T00:00:00Z' }, 'to'],
        [{ from: '2030-05-01', to: MAY.to }, 'from'],
        [{ from: MAY.to, to: MAY.from }, 'to'],
        [{ from: MAY.from, to: MAY.from }, 'to'],
        [{ from: '2029-06-01T00:00:00Z', to: '2030-07-06T00:00:00.001Z' }, 'to'],
        [{ ...MAY, groupBy: 'week' }, 'groupBy'],
        [{ ...MAY, groupBy: 'Platform' }, 'groupBy'],
        [{ ...MAY, groupBy: 'connection', limit: '0' }, 'limit'],
        [{ ...MAY, groupBy: 'connection', offset: '-1' }, 'offset'],
        // Several at once: every bad one is named.
        [{ from: 'garbage', to: 'alsobad', groupBy: 'week' }, 'from,to,groupBy'],
        [{ ...MAY, limit: 'abc', offset: '-1' }, 'limit,offset'],
        [{ groupBy: 'week', limit: '0' }, 'from,to,groupBy,limit'],
      ];
      for (const [query, paths] of cases) {
        const res = await w.api.get(w.analyticsPath(query)).set(w.auth);
        expect(res.status, JSON.stringify(query)).to.equal(422);
        expect(res.body.error.code).to.equal('invalid_query');
        expect(
          res.body.error.details.map((d: { path: string }) => d.path),
          JSON.stringify(query),
        ).to.deep.equal(paths.split(','));
      }
    });

    it("another workspace's figures are its own", async () => {
      const other = await w.t.given.apiKey(w.otherWs, 'other@example.com', 'owner');
      const res = await w.api
        .get(`/v1/workspaces/${w.otherWs}/analytics?${new URLSearchParams(MAY).toString()}`)
        .set({ Authorization: `Bearer ${other.key}` })
        .expect(200);
      expect(res.body.overall).to.deep.equal(summary(1, 1, { likes: 70 }));
    });
  });
}
