import { expect } from 'chai';
import { type TargetMetricsRow } from '../../application/ports/TargetMetrics';
import { collectAt, counts, DAY, HOUR, METRICS_BACKENDS, type MetricsBackend, MINUTE, newWorkspace, plus, publishedPost } from './targetMetricsFixtures';

/**
 * TargetMetrics (docs/analytics.md, "When figures are collected") on memory, SQLite and
 * MariaDB: published targets taken on once, leases two workers never share, what a collection
 * leaves (counts, a deletion, a failure keeping the last counts), deferrals, the reads a
 * connection's budget counts, the history, and a refresh. A fresh store for each test.
 */
const T0 = new Date('2032-05-10T12:00:00.123Z');
const FIRST = counts({ likes: 3, reposts: 0, replies: 1, views: 120 });
const FIRST_RAW = { 'public_metrics.like_count': 3, 'public_metrics.impression_count': 120 };
const SECOND = counts({ likes: 9, reposts: 2, replies: 1, quotes: 0, views: 480, clicks: 7 });

for (const [name, open] of METRICS_BACKENDS) {
  describe(`TargetMetrics contract: ${name}`, function () {
    let b: MetricsBackend;
    let ws: string;
    beforeEach(async function () {
      b = await open(this);
      ws = await newWorkspace(b);
    });
    afterEach(async () => b?.close());

    const rowOf = async (postId: string): Promise<TargetMetricsRow> => {
      const rows = await b.metrics.forPost(ws, postId);
      expect(rows).to.have.length(1);
      return rows[0]!;
    };
    const claimedIds = async (owner: string, now: Date, limit = 100) => (await b.metrics.claimDue(owner, now, MINUTE, limit)).map((r) => r.targetId);

    it('discovers the published targets of the window once each, first due an hour after they went out', async () => {
      const posted = plus(T0, -2 * HOUR);
      const mixed = await publishedPost(b, ws, [
        { conn: 'conn_twitter', at: posted },
        { conn: 'conn_bluesky', at: plus(T0, HOUR), published: false },
      ]);
      const tooOld = await publishedPost(b, ws, [{ conn: 'conn_twitter', at: plus(T0, -9 * DAY) }]);
      const recent = await publishedPost(b, ws, [{ conn: 'conn_linkedin', at: plus(T0, -30 * MINUTE) }]);

      expect(await b.metrics.discover(plus(T0, -8 * DAY), 100)).to.equal(2);
      expect(await b.metrics.discover(plus(T0, -8 * DAY), 100)).to.equal(0);
      expect(await b.metrics.forPost(ws, mixed.postId)).to.deep.equal([
        {
          targetId: mixed.targetIds[0],
          workspaceId: ws,
          postId: mixed.postId,
          connectionId: 'conn_twitter',
          platform: 'TWITTER',
          platformPostId: mixed.platformPostIds[0],
          postedAt: posted,
          counts: null,
          raw: null,
          collectedAt: null,
          nextAt: plus(posted, HOUR),
          deleted: false,
          lastError: null,
          lastErrorAt: null,
          refreshRequestedAt: null,
        },
      ]);
      expect(await b.metrics.forPost(ws, tooOld.postId)).to.deep.equal([]);
      expect((await rowOf(recent.postId)).nextAt).to.deep.equal(plus(T0, 30 * MINUTE));
      // Another workspace asking for the post sees nothing of it.
      expect(await b.metrics.forPost(await newWorkspace(b), mixed.postId)).to.deep.equal([]);
    });

    it('discovers at most `limit` at a time, and the rest on the next rounds', async () => {
      for (const minutes of [10, 20, 30]) await publishedPost(b, ws, [{ conn: 'conn_twitter', at: plus(T0, -minutes * MINUTE) }]);
      const rounds = [];
      for (let round = 0; round < 4; round += 1) rounds.push(await b.metrics.discover(plus(T0, -DAY), 2));
      expect(rounds).to.deep.equal([2, 1, 0, 0]);
    });

    it("discovers one post's targets when given the post, in its own workspace only", async () => {
      const asked = await publishedPost(b, ws, [
        { conn: 'conn_twitter', at: plus(T0, -2 * HOUR) },
        { conn: 'conn_bluesky', at: plus(T0, -HOUR) },
      ]);
      const other = await publishedPost(b, ws, [{ conn: 'conn_twitter', at: plus(T0, -2 * HOUR) }]);
      expect(await b.metrics.discover(new Date(0), 100, { workspaceId: await newWorkspace(b), postId: asked.postId })).to.equal(0);
      expect(await b.metrics.discover(new Date(0), 100, { workspaceId: ws, postId: asked.postId })).to.equal(2);
      expect((await b.metrics.forPost(ws, asked.postId)).map((r) => r.targetId)).to.deep.equal(asked.targetIds);
      expect(await b.metrics.forPost(ws, other.postId)).to.deep.equal([]);
      expect(await b.metrics.discover(plus(T0, -DAY), 100)).to.equal(1);
    });

    it('leases the due targets, oldest first: another owner gets none of them until the lease lapses', async () => {
      const older = await publishedPost(b, ws, [{ conn: 'conn_twitter', at: plus(T0, -2 * HOUR) }]);
      const newer = await publishedPost(b, ws, [{ conn: 'conn_bluesky', at: plus(T0, -90 * MINUTE) }]);
      await publishedPost(b, ws, [{ conn: 'conn_twitter', at: plus(T0, -30 * MINUTE) }]); // due at T0 + 30 min
      await b.metrics.discover(plus(T0, -DAY), 100);

      expect(await claimedIds('first', T0, 1)).to.deep.equal([older.targetIds[0]]);
      expect(await claimedIds('second', T0)).to.deep.equal([newer.targetIds[0]]);
      expect(await claimedIds('third', T0)).to.deep.equal([]);
      expect(await claimedIds('third', plus(T0, MINUTE + 1))).to.deep.equal([older.targetIds[0], newer.targetIds[0]]);
    });

    it('two owners claiming at once never get the same target; what neither took is left for the next claim', async () => {
      for (let i = 0; i < 6; i += 1) await publishedPost(b, ws, [{ conn: 'conn_twitter', at: plus(T0, -(2 * HOUR + i * MINUTE)) }]);
      await b.metrics.discover(plus(T0, -DAY), 100);
      const [one, two] = await Promise.all([claimedIds('one', T0, 4), claimedIds('two', T0, 4)]);
      const rest = await claimedIds('three', T0, 10);
      const all = [...one, ...two, ...rest];
      expect(one.length + two.length, 'the two claims took some').to.be.greaterThan(0);
      expect(new Set(all).size, `no target twice in ${JSON.stringify([one, two, rest])}`).to.equal(all.length);
      expect(all).to.have.length(6);
    });

    it('keeps counts (null is not zero), a failure keeping the last counts with its reason and time, and every success in the history', async () => {
      const posted = plus(T0, -2 * HOUR);
      const { postId, targetIds } = await publishedPost(b, ws, [{ conn: 'conn_twitter', at: posted }]);
      const other = await publishedPost(b, ws, [{ conn: 'conn_bluesky', at: posted }]);
      const id = targetIds[0]!;
      await b.metrics.discover(plus(T0, -DAY), 100);

      const first = plus(posted, HOUR);
      await collectAt(b, first, { [id]: { collected: { kind: 'counts', counts: FIRST, raw: FIRST_RAW }, nextAt: plus(posted, DAY) } });
      expect(await rowOf(postId)).to.deep.include({ counts: FIRST, raw: FIRST_RAW, collectedAt: first, nextAt: plus(posted, DAY), lastError: null });

      const failed = plus(posted, DAY + 5_000);
      const reason = 'X answered 503 Service Unavailable';
      await collectAt(b, failed, { [id]: { collected: { kind: 'failed', reason }, nextAt: plus(failed, 30 * MINUTE) } });
      expect(await rowOf(postId)).to.deep.include({
        counts: FIRST,
        raw: FIRST_RAW,
        collectedAt: first,
        lastError: reason,
        lastErrorAt: failed,
        nextAt: plus(failed, 30 * MINUTE),
        deleted: false,
      });

      const again = plus(failed, 30 * MINUTE);
      await collectAt(b, again, { [id]: { collected: { kind: 'counts', counts: SECOND, raw: {} }, nextAt: plus(posted, 7 * DAY) } });
      expect(await rowOf(postId)).to.deep.include({ counts: SECOND, raw: {}, collectedAt: again, lastError: null, lastErrorAt: null });

      const history = await b.metrics.history([id, other.targetIds[0]!]);
      expect(history.get(id)).to.deep.equal([
        { collectedAt: first, counts: FIRST, raw: FIRST_RAW },
        { collectedAt: again, counts: SECOND, raw: {} },
      ]);
      expect(history.get(other.targetIds[0]!)).to.deep.equal([]);
    });

    it('a deleted post keeps its last counts, is never due again, and a refresh does not revive it', async () => {
      const posted = plus(T0, -2 * HOUR);
      const { postId, targetIds } = await publishedPost(b, ws, [{ conn: 'conn_twitter', at: posted }]);
      const id = targetIds[0]!;
      await b.metrics.discover(plus(T0, -DAY), 100);
      await collectAt(b, plus(posted, HOUR), { [id]: { collected: { kind: 'counts', counts: FIRST, raw: FIRST_RAW }, nextAt: T0 } });
      await collectAt(b, T0, { [id]: { collected: { kind: 'deleted' }, nextAt: plus(T0, HOUR) } });

      expect(await rowOf(postId)).to.deep.include({ deleted: true, counts: FIRST, collectedAt: T0, nextAt: null });
      await b.metrics.requestRefresh([id], plus(T0, MINUTE));
      expect(await rowOf(postId)).to.deep.include({ deleted: true, nextAt: null, refreshRequestedAt: null });
      expect(await claimedIds('later', plus(T0, 30 * DAY))).to.deep.equal([]);
      expect((await b.metrics.history([id])).get(id)).to.have.length(1);
    });

    it('defers claimed targets untouched until the time given', async () => {
      const { postId, targetIds } = await publishedPost(b, ws, [{ conn: 'conn_twitter', at: plus(T0, -2 * HOUR) }]);
      await b.metrics.discover(plus(T0, -DAY), 100);
      expect(await claimedIds('busy', T0)).to.deep.equal(targetIds);
      await b.metrics.defer(targetIds, 'busy', plus(T0, 10 * MINUTE));

      expect(await rowOf(postId)).to.deep.include({ nextAt: plus(T0, 10 * MINUTE), counts: null, lastError: null });
      expect(await claimedIds('other', plus(T0, 10 * MINUTE - 1))).to.deep.equal([]);
      expect(await claimedIds('other', plus(T0, 10 * MINUTE))).to.deep.equal(targetIds);
    });

    it('an owner whose lease lapsed and was taken records and defers nothing', async () => {
      const { postId, targetIds } = await publishedPost(b, ws, [{ conn: 'conn_twitter', at: plus(T0, -2 * HOUR) }]);
      const id = targetIds[0]!;
      await b.metrics.discover(plus(T0, -DAY), 100);
      expect(await claimedIds('slow', T0)).to.deep.equal([id]);
      const taken = plus(T0, 2 * MINUTE);
      expect(await claimedIds('fast', taken)).to.deep.equal([id]);

      const late = { targetId: id, connectionId: 'conn_twitter', at: plus(T0, 90_000), nextAt: plus(T0, DAY) };
      await b.metrics.record([{ ...late, collected: { kind: 'counts', counts: FIRST, raw: FIRST_RAW } }], 'slow');
      await b.metrics.defer([id], 'slow', plus(T0, 5 * DAY));
      expect(await rowOf(postId)).to.deep.include({ counts: null, collectedAt: null, nextAt: plus(T0, -HOUR) });
      expect((await b.metrics.history([id])).get(id), 'no snapshot from the lapsed lease').to.deep.equal([]);
      expect(await claimedIds('third', plus(taken, 30_000)), 'still leased by fast').to.deep.equal([]);

      await b.metrics.record([{ ...late, at: taken, collected: { kind: 'counts', counts: SECOND, raw: {} } }], 'fast');
      expect(await rowOf(postId)).to.deep.include({ counts: SECOND, collectedAt: taken });
    });

    it("spends a connection's reads of the hour, its own only, and says when the next may be made", async () => {
      const window = plus(T0, -30 * MINUTE);
      expect(await b.metrics.spendRead('conn_twitter', window, 2)).to.equal(null);
      expect(await b.metrics.spendRead('conn_twitter', plus(window, MINUTE), 2)).to.equal(null);
      expect(await b.metrics.spendRead('conn_twitter', plus(window, 2 * MINUTE), 2)).to.deep.equal(plus(window, HOUR));
      expect(await b.metrics.spendRead('conn_bluesky', plus(window, 2 * MINUTE), 2), 'another connection has its own').to.equal(null);
      // The hour since the window opened has passed: a new window, from this read.
      expect(await b.metrics.spendRead('conn_twitter', plus(window, HOUR), 2)).to.equal(null);
      expect(await b.metrics.spendRead('conn_twitter', plus(window, HOUR + MINUTE), 2)).to.equal(null);
      expect(await b.metrics.spendRead('conn_twitter', plus(window, HOUR + 2 * MINUTE), 2)).to.deep.equal(plus(window, 2 * HOUR));
    });

    it('never spends past the budget when workers spend at once', async () => {
      const spent = await Promise.all(Array.from({ length: 8 }, () => b.metrics.spendRead('conn_linkedin', T0, 3)));
      expect(spent.filter((next) => next === null)).to.have.length(3);
    });

    it("holds a rate-limited connection's collections due before the reset, and only those", async () => {
      const posted = plus(T0, -3 * HOUR);
      const held = await publishedPost(b, ws, [{ conn: 'conn_twitter', at: posted }]);
      const other = await publishedPost(b, ws, [{ conn: 'conn_bluesky', at: posted }]);
      await b.metrics.discover(plus(T0, -DAY), 100);
      const reset = plus(T0, 15 * MINUTE);
      await b.metrics.holdConnection('conn_twitter', reset);
      expect((await rowOf(held.postId)).nextAt).to.deep.equal(reset);
      expect((await rowOf(other.postId)).nextAt).to.deep.equal(plus(posted, HOUR));
      // A collection already due after the reset keeps its time.
      await b.metrics.holdConnection('conn_bluesky', plus(posted, 30 * MINUTE));
      expect((await rowOf(other.postId)).nextAt).to.deep.equal(plus(posted, HOUR));
    });

    it('a refresh makes a target due now, even once its schedule is done, and says when it was asked', async () => {
      const posted = plus(T0, -8 * DAY);
      const { postId, targetIds } = await publishedPost(b, ws, [{ conn: 'conn_twitter', at: posted }]);
      await b.metrics.discover(plus(T0, -9 * DAY), 100);
      await collectAt(b, plus(posted, 7 * DAY), { [targetIds[0]!]: { collected: { kind: 'counts', counts: FIRST, raw: {} }, nextAt: null } });
      expect((await rowOf(postId)).nextAt).to.equal(null);
      expect(await claimedIds('idle', T0)).to.deep.equal([]);

      await b.metrics.requestRefresh(targetIds, T0);
      expect(await rowOf(postId)).to.deep.include({ nextAt: T0, refreshRequestedAt: T0, counts: FIRST });
      expect(await claimedIds('worker', T0)).to.deep.equal(targetIds);
    });
  });
}
