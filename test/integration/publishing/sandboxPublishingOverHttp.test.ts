import { expect } from 'chai';
import { TOKENS as T } from '../../../config/tokens';
import { type DatabaseKind, DATABASE_KINDS, serverFor } from '../../support/databases';
import { requireServer } from '../../support/services';
import { SandboxApp } from '../sandbox/sandboxApp';

/**
 * Scheduling and threads through the HTTP API, published by the worker loop to sandbox
 * connections (docs/product.md, "Post lifecycle"; docs/decisions.md, "The sandbox platform").
 */
for (const kind of DATABASE_KINDS) sandboxPublishingOverHttp(kind);

function sandboxPublishingOverHttp(kind: DatabaseKind): void {
  describe(`sandbox publishing through the HTTP API and the worker (${kind})`, function () {
    let s: SandboxApp | undefined;

    before(async function () {
      const server = serverFor(kind);
      if (server !== null) await requireServer(this, server);
    });
    afterEach(async () => {
      await s?.close();
      s = undefined;
    });

    it('keeps a scheduled post waiting until its time, then publishes every target and serves each page', async () => {
      s = await SandboxApp.start(['BLUESKY', 'TWITTER', 'LINKEDIN'], kind);
      const scheduledAt = new Date(Date.now() + 2000).toISOString();
      const created = await s.create(['Scheduled hello from the sandbox'], { intent: 'schedule', scheduledAt });
      expect(created.status).to.equal('scheduled');

      const before = await s.get(created.id);
      expect(before.status).to.equal('scheduled');
      for (const target of before.targets) {
        expect(target).to.deep.include({ status: 'pending', platformPostId: null, platformPostUrl: null, postedAt: null, attempts: 0 });
      }
      expect(await s.sandboxPostCount()).to.equal(0);

      const post = await s.settled(created.id);
      expect(post.status, JSON.stringify(post.targets)).to.equal('published');
      expect(post.targets.map((t) => t.connectionId).sort()).to.deep.equal([...s.connections.values()].sort());
      for (const target of post.targets) {
        expect(target).to.deep.include({ status: 'published', scheduledAt, error: null, attempts: 1 });
        expect(target.platformPostId).to.match(/^[0-9A-Z]{26}$/);
        expect(target.platformPostUrl).to.equal(`${s.t.config.http.baseUrl.replace(/\/+$/, '')}/sandbox/posts/${target.platformPostId}`);
        expect(Date.parse(target.postedAt!)).to.be.at.least(Date.parse(scheduledAt));
        const page = await s.page(target.platformPostUrl);
        expect(page.status).to.equal(200);
        expect(page.headers['content-type']).to.equal('text/html; charset=utf-8');
        expect(page.text).to.include('Scheduled hello from the sandbox');
      }
      expect(await s.sandboxPostCount()).to.equal(3);
    });

    it('publishes a thread of three segments, each replying to the one before, shown in order on the first page', async () => {
      s = await SandboxApp.start(['BLUESKY', 'TWITTER'], kind);
      const texts = ['first of three', 'second of three', 'third of three'];
      const post = await s.settled((await s.create(texts)).id);
      expect(post.status, JSON.stringify(post.targets)).to.equal('published');
      const sandboxPosts = s.t.composition.get(T.SandboxPosts);
      for (const target of post.targets) {
        expect(target.attempts).to.equal(3);
        const attempts = await s.attempts(post.id, target.id);
        expect(attempts.map((a) => [a.segmentIndex, a.outcome])).to.deep.equal([
          [0, 'published'],
          [1, 'published'],
          [2, 'published'],
        ]);
        const ids = attempts.map((a) => a.platformPostId!);
        expect(target.platformPostId).to.equal(ids[0]);
        const stored = await Promise.all(ids.map((id) => sandboxPosts.findById(id)));
        expect(stored.map((p) => [p?.text, p?.replyToId, p?.connectionId])).to.deep.equal([
          [texts[0], null, target.connectionId],
          [texts[1], ids[0], target.connectionId],
          [texts[2], ids[1], target.connectionId],
        ]);

        const first = (await s.page(target.platformPostUrl)).text;
        const at = (text: string) => first.indexOf(text);
        expect(at(texts[0]!)).to.be.greaterThan(0);
        expect(at(texts[0]!)).to.be.lessThan(at(texts[1]!));
        expect(at(texts[1]!)).to.be.lessThan(at(texts[2]!));
      }
      expect(await s.sandboxPostCount()).to.equal(6);
    });
  });
}
