import { expect } from 'chai';
import { PlatformConnectors } from '../../../application/connections/PlatformConnectors';
import { retryMayHelp } from '../../../application/publishing/failureReasons';
import { TOKENS as T } from '../../../config/tokens';
import { serverFor } from '../../support/databases';
import { NOW, oauth2Grant } from '../../support/platformTestKit';
import { EngineHarness } from '../../support/publishingEngine';
import { ReadBackPlatform } from '../../support/readBackConnector';
import { requireServer } from '../../support/services';

/**
 * Settling an unknown outcome by reading the account back (docs/decisions.md, "Settling an
 * unknown outcome"), through the engine on each store: never a second post in any branch.
 */
for (const kind of ['memory', 'sqlite', 'mysql'] as const) {
  describe(`the engine reads the account back after a lost answer (${kind})`, function () {
    let h: EngineHarness;
    let platform: ReadBackPlatform;
    let connectionId: string;

    beforeEach(async function () {
      const server = kind === 'memory' ? null : serverFor(kind);
      if (server) await requireServer(this, server);
      platform = new ReadBackPlatform({ now: () => h.clock.now() });
      h = await EngineHarness.start(kind, 'installed', (w) => w.replace(T.PlatformConnectors, new PlatformConnectors([platform.connector()])));
      connectionId = await h.connection('TWITTER');
      const grant = oauth2Grant({ accessToken: 'a', refreshToken: 'r' }, { accessMs: 3_600_000_000, refreshMs: null }, []);
      await h.composition.get(T.ConnectionCredentials).save(connectionId, grant, NOW);
    });
    afterEach(() => h?.close());

    const attemptsOf = async (targetId: string) =>
      (await h.composition.get(T.AttemptLog).listForTarget(h.workspaceId, targetId)).map((a) => [a.outcome, a.readBack]);

    it('a post that went out though its answer was lost: published with the platform’s id and URL, found by reading back', async () => {
      platform.next.push('post, answer lost');
      const post = await h.post(['Hello from a flaky network'], { connection: { id: connectionId, platform: 'TWITTER' } });
      expect((await h.publishDue()).results[0]!.result).to.equal('reading_back');
      const waiting = await h.target(post.id);
      expect(waiting.status).to.equal('pending');
      h.clock.advanceSeconds(5);
      expect((await h.publishDue()).results[0]!.result).to.equal('published');
      const target = await h.target(post.id);
      expect(target.status).to.equal('published');
      expect(target.toSnapshot()).to.include({ platformPostId: 'p1', platformPostUrl: 'https://platform.example/p/p1' });
      expect(platform.calls).to.have.length(1);
      expect(platform.posts).to.have.length(1);
      expect(await attemptsOf(target.id)).to.deep.equal([
        ['outcomeUnknown', false],
        ['published', true],
      ]);
    });

    it('a post that never went out: failed once the platform lists every new post, retryable, saying nothing was posted', async () => {
      platform.next.push('answer lost');
      const post = await h.post(['Hello into the void'], { connection: { id: connectionId, platform: 'TWITTER' } });
      await h.publishDue();
      h.clock.advanceSeconds(5);
      // Not listed yet, but the platform may still be catching up: read again once it surely lists it.
      expect((await h.publishDue()).results[0]!.result).to.equal('processing');
      expect((await h.target(post.id)).status).to.equal('pending');
      h.clock.advanceSeconds(30);
      expect((await h.publishDue()).results[0]!.result).to.equal('failed');
      const target = await h.target(post.id);
      expect(target.status).to.equal('failed');
      expect(target.error).to.match(/^nothing was posted: the platform did not answer within 30000 ms, and reading the account back found no such post$/);
      expect(retryMayHelp(target.error!)).to.equal(true);
      expect(platform.calls).to.have.length(1);
      expect(await attemptsOf(target.id)).to.deep.equal([
        ['outcomeUnknown', false],
        ['processing', false],
        ['notPosted', true],
      ]);
      // The user's retry publishes it, once.
      await h.retryTarget(post.id, target.id);
      await h.publishDue();
      expect((await h.target(post.id)).status).to.equal('published');
      expect(platform.posts).to.have.length(1);
    });

    it('a read that fails leaves the outcome unknown, as before, and posts nothing more', async () => {
      platform.next.push('post, answer lost');
      platform.readFails = 'the platform answered 503';
      const post = await h.post(['Hello, maybe'], { connection: { id: connectionId, platform: 'TWITTER' } });
      await h.publishDue();
      h.clock.advanceSeconds(5);
      expect((await h.publishDue()).results[0]!.result).to.equal('failed');
      const target = await h.target(post.id);
      expect(target.error).to.equal(
        'publish outcome unknown: the platform did not answer within 30000 ms; reading the account back failed: the platform answered 503',
      );
      expect(platform.calls).to.have.length(1);
    });

    it('a worker that stopped mid-call: the expired lease is settled by reading back, not by failing', async () => {
      platform.next.push('post');
      const post = await h.post(['Hello before the crash'], { connection: { id: connectionId, platform: 'TWITTER' } });
      // A worker claims and begins, calls the platform (which posts), and dies before recording.
      const [job] = await h.queue.claimDue({ owner: 'dead-worker', now: h.clock.now(), leaseMs: 60_000, limit: 1 });
      const begun = await h.beginAttempt(job!);
      if (!('call' in begun)) throw new Error(`nothing begun: ${begun.settled}`);
      platform.publishDirectly(begun.call);
      h.clock.advanceSeconds(61);
      expect((await h.settleExpired()).map((r) => r.result)).to.deep.equal(['reading_back']);
      h.clock.advanceSeconds(5);
      await h.publishDue();
      const target = await h.target(post.id);
      expect(target.status).to.equal('published');
      expect(target.platformPostId).to.equal('p1');
      expect(platform.calls).to.have.length(1);
    });
  });
}
