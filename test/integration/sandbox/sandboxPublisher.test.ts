import { expect } from 'chai';
import { TOKENS as T } from '../../../config/tokens';
import { type DatabaseKind, DATABASE_KINDS, serverFor } from '../../support/databases';
import { EngineHarness } from '../../support/publishingEngine';
import { requireServer } from '../../support/services';

const BASE_URL = 'http://localhost:3000';

/**
 * The sandbox platform through the publishing engine, on the composition's own publishers
 * (docs/decisions.md, "The sandbox platform"): what it stores, and each marker's outcome.
 */
for (const kind of DATABASE_KINDS) sandboxScenarios(kind);

function sandboxScenarios(kind: DatabaseKind): void {
  describe(`the sandbox publisher through the engine (${kind})`, function () {
    let h: EngineHarness;

    before(async function () {
      const server = serverFor(kind);
      if (server !== null) await requireServer(this, server);
    });
    beforeEach(async () => {
      h = await EngineHarness.start(kind, 'installed');
    });
    afterEach(() => h?.close());

    const sandboxPost = async (texts: readonly string[], platform: 'TWITTER' | 'BLUESKY' = 'TWITTER') =>
      h.post(texts, { connection: { id: await h.connection(platform, true), platform } });
    const stored = (id: string) => h.composition.get(T.SandboxPosts).findById(id);

    it('stores a three-segment thread, each segment replying to the one before, and serves the first at its page URL', async () => {
      const post = await sandboxPost(['one', 'two', 'three']);
      const connectionId = post.targets[0]!.connectionId;
      for (let i = 0; i < 3; i++) expect((await h.publishDue()).results[0]?.result).to.match(/published/);
      const target = await h.target(post.id);
      expect(target.status).to.equal('published');
      const ids = target.publishedSegments.map((s) => s.platformPostId);
      expect(ids).to.have.length(3);
      expect(target.platformPostId).to.equal(ids[0]);
      expect(target.platformPostUrl).to.equal(`${BASE_URL}/sandbox/posts/${ids[0]}`);
      const rows = await Promise.all(ids.map(stored));
      expect(rows.map((r) => [r?.text, r?.replyToId, r?.platform, r?.connectionId])).to.deep.equal([
        ['one', null, 'TWITTER', connectionId],
        ['two', ids[0], 'TWITTER', connectionId],
        ['three', ids[1], 'TWITTER', connectionId],
      ]);
      const thread = await h.composition.get(T.ReadSandboxPost).execute(ids[0]!);
      expect(thread.replies.map((r) => r.text)).to.deep.equal(['two', 'three']);
      expect((await h.read(post.id)).status).to.equal('published');
    });

    it('[sandbox:reject] fails the target at once with a clear reason, and stores nothing', async () => {
      const post = await sandboxPost(['please [sandbox:reject] this']);
      await h.publishDue();
      const target = await h.target(post.id);
      expect(target.status).to.equal('failed');
      expect(target.error).to.include('the sandbox rejected this post on purpose').and.include('[sandbox:reject]');
      expect(target.publishedSegments).to.have.length(0);
    });

    it('[sandbox:retry] asks for a retry a second later the first time, then publishes', async () => {
      const post = await sandboxPost(['[sandbox:retry] once']);
      await h.publishDue();
      const waiting = await h.target(post.id);
      expect([waiting.status, waiting.platformPostId]).to.deep.equal(['pending', null]);
      const [attempt] = await h.composition.get(T.AttemptLog).listForTarget(h.workspaceId, waiting.id);
      expect([attempt?.outcome, attempt?.error]).to.deep.equal(['retryLater', 'the sandbox asked for a retry on purpose: its text contains [sandbox:retry]']);
      h.clock.advance(60_000);
      await h.publishDue();
      const done = await h.target(post.id);
      expect(done.status).to.equal('published');
      expect((await stored(done.platformPostId!))?.text).to.equal('[sandbox:retry] once');
    });

    it('[sandbox:unknown] ends the target failed as "publish outcome unknown", never re-posted', async () => {
      const post = await sandboxPost(['[sandbox:unknown] maybe']);
      await h.publishDue();
      h.clock.advance(3_600_000);
      await h.publishDue();
      const target = await h.target(post.id);
      expect(target.status).to.equal('failed');
      expect(target.error).to.include('publish outcome unknown');
      const attempts = await h.composition.get(T.AttemptLog).listForTarget(h.workspaceId, target.id);
      expect(attempts.map((a) => a.outcome)).to.deep.equal(['outcomeUnknown']);
    });

    it('a real (not sandbox) connection of a platform without a connector is refused with a reason', async () => {
      const post = await h.post(['real'], { connection: { id: await h.connection('TWITTER', false), platform: 'TWITTER' } });
      await h.publishDue();
      expect((await h.target(post.id)).error).to.include('cannot publish to TWITTER: it is not configured here');
    });

    it('a real Bluesky connection without credentials fails as one to reconnect, and says so in the listing', async () => {
      const connectionId = await h.connection('BLUESKY', false);
      const post = await h.post(['real'], { connection: { id: connectionId, platform: 'BLUESKY' } });
      await h.publishDue();
      expect((await h.target(post.id)).error).to.include('no credentials are stored for this connection');
      expect((await h.composition.get(T.ConnectionRepository).findById(connectionId))!.toSnapshot()).to.include({ status: 'needs_reconnect' });
    });
  });
}
