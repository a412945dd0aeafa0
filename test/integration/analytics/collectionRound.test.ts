import { expect } from 'chai';
import { DATABASE_KINDS } from '../../support/databases';
import { type AnalyticsWorld, HOUR, NOW, plus, startAnalyticsWorld } from './analyticsWorld';

/**
 * The workers' collection round on each database, through the app's own composition: a real
 * account's targets and a sandbox account's in one round. The real Bluesky account here has no
 * stored credentials, so its read cannot be made: the round still ends, the target says why.
 */
for (const kind of DATABASE_KINDS) {
  describe(`a collection round with real and sandbox accounts (${kind})`, function () {
    let w: AnalyticsWorld;
    before(async function () {
      w = await startAnalyticsWorld(this, kind);
    });
    after(() => w?.t.close());

    it('ends, the sandbox target counted and the unreadable one keeping no figures with the reason', async () => {
      const real = await w.publish(w.conn.bluesky, plus(NOW, -2 * HOUR));
      const sandbox = await w.publish(w.conn.sandbox, plus(NOW, -2 * HOUR));
      const round = await w.collect();
      expect(round).to.deep.include({ discovered: 2 });

      const [unread] = (await w.api.get(w.metricsPath(real.postId)).set(w.auth).expect(200)).body.data;
      expect(unread).to.deep.include({ counts: null, collectedAt: null });
      expect(unread.lastError.message).to.be.a('string').and.not.equal('');
      expect(unread.lastError.at).to.equal(NOW.toISOString());
      const [counted] = (await w.api.get(w.metricsPath(sandbox.postId)).set(w.auth).expect(200)).body.data;
      expect(counted.collectedAt).to.equal(NOW.toISOString());
    });
  });
}
