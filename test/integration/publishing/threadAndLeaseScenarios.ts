import { TOKENS as T } from '../../../config/tokens';
import { expect } from 'chai';
import { ENGINE_SETTINGS, type EngineHarness } from '../../support/publishingEngine';
import { HeldCall, published, rejected } from '../../support/scriptedPublisher';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Threads segment by segment, posts that must never go out, leases and a second engine. */
export function threadAndLeaseScenarios(harness: () => EngineHarness): void {
  it('publishes a thread segment by segment, each replying to the one before; a retry resumes at the failed segment', async () => {
    const h = harness();
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
    const h = harness();
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
    const h = harness();
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
    const h = harness();
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
    const h = harness();
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
    // The attempt log keeps the one call, settled: its start was never recorded, its late answer is not taken.
    const attempts = await h.composition.get(T.AttemptLog).listForTarget(h.workspaceId, post.targets[0]!.id);
    expect(attempts.map((a) => [a.attempt, a.segmentIndex, a.startedAt, a.outcome, a.error])).to.deep.equal([
      [1, 0, null, 'outcomeUnknown', 'publish outcome unknown: the worker stopped during the call'],
    ]);
  });

  it('never lets a second engine publish a job the first holds', async () => {
    const h = harness();
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
}
