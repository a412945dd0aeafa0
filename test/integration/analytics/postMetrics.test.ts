import { expect } from 'chai';
import { TOKENS as T } from '../../../config/tokens';
import { COUNT_NAMES } from '../../../domain/analytics/PostCounts';
import { DATABASE_KINDS } from '../../support/databases';
import { type AnalyticsWorld, HOUR, MINUTE, NOW, plus, startAnalyticsWorld } from './analyticsWorld';

interface Shown {
  targetId: string;
  connectionId: string;
  counts: Record<string, number | null> | null;
  collectedAt: string | null;
  nextCollectionAt: string | null;
  history?: Array<{ collectedAt: string; counts: Record<string, number | null> }>;
}

/**
 * GET …/posts/{id}/metrics (and ?history=true) and POST …/metrics/refresh over HTTP on SQLite
 * and MariaDB, every answer held to the OpenAPI document; the figures come from the workers'
 * round (a sandbox account: no platform is called) with the app's clock standing still.
 */
for (const kind of DATABASE_KINDS) {
  describe(`a post's figures over HTTP (${kind})`, function () {
    let w: AnalyticsWorld;
    let post: { postId: string; targetId: string };
    const posted = plus(NOW, -2 * HOUR);
    before(async function () {
      w = await startAnalyticsWorld(this, kind);
      post = await w.publish(w.conn.sandbox, posted);
    });
    after(() => w?.t.close());

    const metrics = async (history = false): Promise<Shown[]> => {
      const res = await w.api
        .get(`${w.metricsPath(post.postId)}${history ? '?history=true' : ''}`)
        .set(w.auth)
        .expect(200);
      return res.body.data as Shown[];
    };

    it('shows a published target with no figures until the workers collect them, then the counts, when, and the next collection', async () => {
      w.clock.set(plus(posted, 30 * MINUTE));
      await w.collect();
      expect(await metrics()).to.deep.equal([
        {
          targetId: post.targetId,
          platform: 'TWITTER',
          connectionId: w.conn.sandbox,
          platformPostId: `pp-${post.targetId}`,
          postedAt: posted.toISOString(),
          counts: null,
          raw: null,
          deleted: false,
          collectedAt: null,
          nextCollectionAt: plus(posted, HOUR).toISOString(),
          lastError: null,
        },
      ]);

      w.clock.set(NOW);
      await w.collect();
      const [target] = await metrics();
      expect(target).to.deep.include({ collectedAt: NOW.toISOString(), nextCollectionAt: plus(posted, 24 * HOUR).toISOString() });
      for (const name of COUNT_NAMES) expect(target!.counts![name], name).to.be.a('number');
      expect(target!.history).to.equal(undefined);
    });

    it('refresh: 202 with the next collection now, collected on the next round; again within ten minutes a 429 refresh_too_soon with Retry-After', async () => {
      w.clock.set(plus(NOW, 3 * HOUR));
      const asked = await w.api
        .post(`${w.metricsPath(post.postId)}/refresh`)
        .set(w.auth)
        .expect(202);
      expect(asked.body.data.map((t: Shown) => [t.targetId, t.nextCollectionAt])).to.deep.equal([[post.targetId, plus(NOW, 3 * HOUR).toISOString()]]);
      await w.collect();
      expect((await metrics())[0]!.collectedAt).to.equal(plus(NOW, 3 * HOUR).toISOString());

      w.clock.set(plus(NOW, 3 * HOUR + 4 * MINUTE));
      const tooSoon = await w.api.post(`${w.metricsPath(post.postId)}/refresh`).set(w.auth);
      expect(tooSoon.status).to.equal(429);
      expect(tooSoon.body.error.code).to.equal('refresh_too_soon');
      expect(tooSoon.headers['retry-after']).to.equal('360');

      w.clock.set(plus(NOW, 3 * HOUR + 10 * MINUTE));
      await w.api
        .post(`${w.metricsPath(post.postId)}/refresh`)
        .set(w.auth)
        .expect(202);
    });

    it('?history=true adds every collection, oldest first, the figures never shrinking', async () => {
      w.clock.set(plus(NOW, 3 * HOUR + 10 * MINUTE));
      await w.collect();
      const [target] = await metrics(true);
      const history = target!.history!;
      expect(history.map((s) => s.collectedAt)).to.deep.equal([NOW, plus(NOW, 3 * HOUR), plus(NOW, 3 * HOUR + 10 * MINUTE)].map((d) => d.toISOString()));
      expect(history[2]!.counts).to.deep.equal(target!.counts);
      for (const name of COUNT_NAMES) {
        const values = history.map((s) => s.counts[name]!);
        expect(values, name).to.deep.equal([...values].sort((a, b) => a - b));
      }
      expect((await metrics(false))[0]!.history).to.equal(undefined);
    });

    it('a refresh of a post published a moment ago takes its target on at once', async () => {
      w.clock.set(plus(NOW, 4 * HOUR));
      const fresh = await w.publish(w.conn.sandbox, plus(NOW, 4 * HOUR - 1_000));
      const asked = await w.api
        .post(`${w.metricsPath(fresh.postId)}/refresh`)
        .set(w.auth)
        .expect(202);
      expect(asked.body.data.map((t: Shown) => [t.targetId, t.nextCollectionAt])).to.deep.equal([[fresh.targetId, plus(NOW, 4 * HOUR).toISOString()]]);
    });

    it('a history value other than true or false is a 422 invalid_query naming history', async () => {
      for (const value of ['yes', '1', 'TRUE']) {
        const res = await w.api.get(`${w.metricsPath(post.postId)}?history=${value}`).set(w.auth);
        expect(res.status, value).to.equal(422);
        expect(res.body.error.code).to.equal('invalid_query');
        expect(res.body.error.details.map((d: { path: string }) => d.path)).to.deep.equal(['history']);
      }
    });

    it('a post of another workspace, or none, is a 404 and asks nothing of the workers', async () => {
      const foreign = await w.publish(w.conn.foreign, posted);
      for (const postId of [foreign.postId, '01NOSUCHPOST00000000000000']) {
        const read = await w.api.get(w.metricsPath(postId)).set(w.auth);
        expect(read.status).to.equal(404);
        expect(read.body.error.code).to.equal('post_not_found');
        expect((await w.api.post(`${w.metricsPath(postId)}/refresh`).set(w.auth)).status).to.equal(404);
      }
      w.clock.set(plus(NOW, 5 * HOUR));
      await w.collect();
      const stored = await w.t.composition.get(T.TargetMetrics).forPost(w.otherWs, foreign.postId);
      expect(stored.map((r) => r.refreshRequestedAt)).to.deep.equal([null]);
    });

    it('needs stats:read: a key with it reads and refreshes, a key with posts:read alone gets 403', async () => {
      const stats = await w.keyWith(['stats:read']);
      const postsOnly = await w.keyWith(['posts:read']);
      const range = w.analyticsPath({ from: '2030-06-01T00:00:00Z', to: '2030-06-30T00:00:00Z' });
      await w.api.get(w.metricsPath(post.postId)).set(stats).expect(200);
      await w.api.get(range).set(stats).expect(200);
      w.clock.set(plus(NOW, 6 * HOUR));
      await w.api
        .post(`${w.metricsPath(post.postId)}/refresh`)
        .set(stats)
        .expect(202);
      for (const [method, path] of [
        ['get', w.metricsPath(post.postId)],
        ['get', `${w.metricsPath(post.postId)}?history=true`],
        ['post', `${w.metricsPath(post.postId)}/refresh`],
        ['get', range],
      ] as const) {
        const res = await w.api[method](path).set(postsOnly);
        expect(res.status, `${method} ${path}`).to.equal(403);
      }
      // The posts themselves stay readable with posts:read.
      await w.api.get(`/v1/workspaces/${w.ws}/posts/${post.postId}`).set(postsOnly).expect(200);
    });
  });
}
