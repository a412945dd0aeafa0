import { expect } from 'chai';
import { retryDelayMs } from '../../../application/publishing/retryDelay';
import { type DatabaseKind, serverFor } from '../../support/databases';
import { ENGINE_SETTINGS, EngineHarness } from '../../support/publishingEngine';
import { HeldCall, needsReconnect, outcomeUnknown, published, rejected, retryLater } from '../../support/scriptedPublisher';
import { requireServer } from '../../support/services';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * The publishing engine's behaviour (docs/decisions.md, "The publishing engine") against a
 * scripted publisher: the same scenarios on the in-memory composition and on each database.
 */
export function engineScenarios(kind: 'memory' | DatabaseKind): void {
  describe(`the publishing engine (${kind})`, function () {
    let h: EngineHarness;

    before(async function () {
      const server = kind === 'memory' ? null : serverFor(kind);
      if (server !== null) await requireServer(this, server);
    });
    beforeEach(async () => {
      h = await EngineHarness.start(kind);
    });
    afterEach(() => h?.close());

    it('publishes a due target once: its outcome on the target, the post published, the job gone', async () => {
      const post = await h.post(['Hello world']);
      const round = await h.publishDue();
      expect(round.results).to.deep.equal([{ targetId: post.targets[0]!.id, result: 'published' }]);
      const target = await h.target(post.id);
      expect(target.status).to.equal('published');
      expect([target.platformPostId, target.platformPostUrl, target.attempts, target.error]).to.deep.equal(['pp_1', 'https://platform.test/p/pp_1', 1, null]);
      expect(target.postedAt?.toISOString()).to.equal(h.clock.now().toISOString());
      expect((await h.read(post.id)).status).to.equal('published');
      expect(await h.queue.listForPost(h.workspaceId, post.id)).to.deep.equal([]);
      expect(h.publisher.calls).to.have.length(1);
      expect(h.publisher.calls[0]).to.deep.include({ text: 'Hello world', segmentIndex: 0, segmentCount: 1, replyToPlatformPostId: null });
      expect(h.publisher.calls[0]).to.deep.include({ connectionId: target.connectionId, idempotencyKey: `${target.id}:0:1` });
      expect((await h.publishDue()).claimed).to.equal(0);
      expect(h.publisher.calls).to.have.length(1);
    });

    it('publishes a scheduled target no earlier than its time', async () => {
      const at = new Date(h.clock.now().getTime() + 60 * MINUTE);
      const post = await h.post(['Later'], { intent: 'schedule', scheduledAt: at });
      h.clock.set(new Date(at.getTime() - 1));
      expect((await h.publishDue()).claimed).to.equal(0);
      h.clock.set(at);
      await h.publishDue();
      expect((await h.target(post.id)).status).to.equal('published');
      expect(h.publisher.calls).to.have.length(1);
    });

    it('retries a transient failure after its Retry-After (a floor over the backoff), then publishes', async () => {
      h.publisher.will(retryLater(120));
      const post = await h.post(['Busy platform']);
      const targetId = post.targets[0]!.id;
      expect((await h.publishDue()).results[0]?.result).to.equal('retry_scheduled');
      const waiting = await h.target(post.id);
      expect([waiting.status, waiting.attempts, waiting.error]).to.deep.equal(['pending', 1, null]);
      expect((await h.read(post.id)).status).to.equal('publishing');
      expect(retryDelayMs(ENGINE_SETTINGS, targetId, 1, 0)).to.be.below(120 * SECOND);
      h.clock.advance(120 * SECOND - 1);
      expect((await h.publishDue()).claimed).to.equal(0);
      h.clock.advance(1);
      await h.publishDue();
      const done = await h.target(post.id);
      expect([done.status, done.attempts]).to.deep.equal(['published', 2]);
      expect(h.publisher.calls.map((c) => c.idempotencyKey)).to.deep.equal([`${targetId}:0:1`, `${targetId}:0:2`]);
    });

    it('backs off exponentially, with jitter, when the platform names no time', async () => {
      h.publisher.will(retryLater(0), retryLater(0));
      const post = await h.post(['Flaky']);
      const targetId = post.targets[0]!.id;
      const first = retryDelayMs(ENGINE_SETTINGS, targetId, 1, 0);
      const second = retryDelayMs(ENGINE_SETTINGS, targetId, 2, 0);
      expect(first).to.be.within(5 * SECOND, 10 * SECOND);
      expect(second).to.be.within(10 * SECOND, 20 * SECOND);
      await h.publishDue();
      h.clock.advance(first - 1);
      expect((await h.publishDue()).claimed).to.equal(0);
      h.clock.advance(1);
      await h.publishDue();
      h.clock.advance(second - 1);
      expect((await h.publishDue()).claimed).to.equal(0);
      h.clock.advance(1);
      await h.publishDue();
      expect((await h.target(post.id)).status).to.equal('published');
      expect(h.publisher.calls).to.have.length(3);
    });

    it('fails with the last reason once the bound of attempts is reached', async () => {
      h.publisher.will(retryLater(1), retryLater(1), retryLater(1, 'HTTP 429: slow down'));
      const post = await h.post(['Never gets through']);
      for (let i = 0; i < 5; i++) {
        await h.publishDue();
        h.clock.advance(10 * MINUTE);
      }
      const target = await h.target(post.id);
      expect([target.status, target.error, target.attempts]).to.deep.equal(['failed', 'gave up after 3 attempts: HTTP 429: slow down', 3]);
      expect((await h.read(post.id)).status).to.equal('failed');
      expect(h.publisher.calls).to.have.length(ENGINE_SETTINGS.maxAttempts);
    });

    const permanent = [
      { outcome: rejected('the text is longer than 280 characters'), error: 'the text is longer than 280 characters' },
      { outcome: needsReconnect('HTTP 401: token revoked'), error: 'the account needs to be reconnected: HTTP 401: token revoked' },
      { outcome: outcomeUnknown('the connection dropped after sending'), error: 'publish outcome unknown: the connection dropped after sending' },
      { outcome: new Error('socket hang up'), error: 'publish outcome unknown: the publisher failed unexpectedly (socket hang up)' },
    ];
    for (const { outcome, error } of permanent) {
      it(`fails at once, never calling again: ${error}`, async () => {
        h.publisher.will(outcome);
        const post = await h.post(['Doomed']);
        await h.publishDue();
        h.clock.advance(24 * 60 * MINUTE);
        await h.publishDue();
        const target = await h.target(post.id);
        expect([target.status, target.error, target.attempts, target.platformPostId]).to.deep.equal(['failed', error, 1, null]);
        expect((await h.read(post.id)).status).to.equal('failed');
        expect(h.publisher.calls).to.have.length(1);
      });
    }

    it('publishes a thread segment by segment, each replying to the one before; a retry resumes at the failed segment', async () => {
      h.publisher.will(published('p1', h.clock.now()), rejected('duplicate content'));
      const post = await h.post(['one', 'two', 'three']);
      const targetId = post.targets[0]!.id;
      expect((await h.publishDue()).results[0]?.result).to.equal('segment_published');
      const partway = await h.target(post.id);
      expect([partway.status, partway.nextSegmentIndex, partway.platformPostId]).to.deep.equal(['pending', 1, null]);
      await h.publishDue();
      const failed = await h.target(post.id);
      expect([failed.status, failed.error, failed.nextSegmentIndex]).to.deep.equal(['failed', 'segment 2 of 3: duplicate content', 1]);
      await h.retryTarget(post.id, targetId);
      h.publisher.will(published('p2', h.clock.now()), published('p3', h.clock.now()));
      await h.publishDue();
      await h.publishDue();
      const done = await h.target(post.id);
      expect([done.status, done.platformPostId, done.platformPostUrl]).to.deep.equal(['published', 'p1', 'https://platform.test/p/p1']);
      expect(done.publishedSegments.map((s) => s.platformPostId)).to.deep.equal(['p1', 'p2', 'p3']);
      expect(h.publisher.calls.map((c) => [c.text, c.replyToPlatformPostId])).to.deep.equal([
        ['one', null],
        ['two', 'p1'],
        ['two', 'p1'],
        ['three', 'p2'],
      ]);
      expect(h.publisher.calls[2]?.idempotencyKey).to.equal(`${targetId}:1:1`);
      expect((await h.read(post.id)).status).to.equal('published');
    });

    it("waits a segment's delayMinutes before publishing it, by the queue's time, not by sleeping", async () => {
      const post = await h.post(['now', 'ten minutes later'], { delays: [null, 10] });
      await h.publishDue();
      h.clock.advance(10 * MINUTE - 1);
      expect((await h.publishDue()).claimed).to.equal(0);
      expect(h.publisher.calls).to.have.length(1);
      h.clock.advance(1);
      await h.publishDue();
      expect((await h.target(post.id)).status).to.equal('published');
      expect(h.publisher.calls.map((c) => c.text)).to.deep.equal(['now', 'ten minutes later']);
    });

    it('never publishes a draft or a post waiting for review, even with a job left behind', async () => {
      const draft = await h.post(['draft'], { intent: 'draft' });
      const inReview = await h.post(['review me'], { reviewRequired: true });
      expect((await h.read(inReview.id)).status).to.equal('pending_review');
      expect((await h.publishDue()).claimed).to.equal(0);
      // Jobs a worker held while the post changed under it: they are settled, not published.
      const stale = [draft, inReview].map((p) => ({ workspaceId: h.workspaceId, postId: p.id, targetId: p.targets[0]!.id, notBefore: h.clock.now() }));
      await h.queue.enqueue(stale, h.clock.now());
      const round = await h.publishDue();
      expect(round.results.map((r) => r.result)).to.deep.equal(['not_publishable', 'not_publishable']);
      expect(h.publisher.calls).to.have.length(0);
      expect((await h.target(draft.id)).status).to.equal('pending');
      expect((await h.publishDue()).claimed).to.equal(0);
    });

    it('never publishes a post removed before its time, nor one removed between the claim and the call', async () => {
      const soon = new Date(h.clock.now().getTime() + MINUTE);
      const removedEarly = await h.post(['bye'], { intent: 'schedule', scheduledAt: soon });
      const racing = await h.post(['racing'], { intent: 'schedule', scheduledAt: soon });
      await h.remove(removedEarly.id);
      h.clock.set(soon);
      const jobs = await h.queue.claimDue({ owner: 'worker-a', now: h.clock.now(), leaseMs: ENGINE_SETTINGS.leaseMs, limit: 10 });
      expect(jobs.map((j) => j.postId)).to.deep.equal([racing.id]);
      await h.remove(racing.id);
      expect(await h.beginAttempt(jobs[0]!)).to.deep.equal({ settled: 'not_publishable' });
      expect((await h.publishDue()).claimed).to.equal(0);
      expect(await h.settleExpired()).to.deep.equal([]);
      expect(h.publisher.calls).to.have.length(0);
    });

    it('settles a lease that ran out during the call as outcome unknown, and never posts it again', async () => {
      const held = new HeldCall();
      h.publisher.will(held);
      const post = await h.post(['in flight']);
      const round = h.publishDue('worker-a');
      await held.arrived;
      // The call is under way and no database lock is held: another worker can work meanwhile.
      expect((await h.target(post.id)).status).to.equal('publishing');
      h.clock.advance(ENGINE_SETTINGS.leaseMs);
      expect(await h.settleExpired('worker-b')).to.deep.equal([{ targetId: post.targets[0]!.id, result: 'failed' }]);
      held.answer(published('late', h.clock.now()));
      expect((await round).results[0]?.result).to.equal('lease_lost');
      const target = await h.target(post.id);
      expect([target.status, target.error]).to.deep.equal(['failed', 'publish outcome unknown: the worker stopped during the call']);
      h.clock.advance(60 * MINUTE);
      await h.publishDue();
      expect(await h.settleExpired()).to.deep.equal([]);
      expect(h.publisher.calls).to.have.length(1);
    });

    it('never lets a second engine publish a job the first holds', async () => {
      const held = new HeldCall();
      h.publisher.will(held);
      const post = await h.post(['mine']);
      const first = h.publishDue('worker-a');
      await held.arrived;
      expect((await h.publishDue('worker-b')).claimed).to.equal(0);
      expect(await h.settleExpired('worker-b')).to.deep.equal([]);
      held.answer(published('p1', h.clock.now()));
      expect((await first).results[0]?.result).to.equal('published');
      expect((await h.publishDue('worker-b')).claimed).to.equal(0);
      expect((await h.target(post.id)).status).to.equal('published');
      expect(h.publisher.calls).to.have.length(1);
    });
  });
}
