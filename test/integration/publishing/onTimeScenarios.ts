import { expect } from 'chai';
import { type ClaimAhead } from '../../../application/publishing/PublishDueTargets';
import { ENGINE_SETTINGS, type EngineHarness } from '../../support/publishingEngine';
import { HeldCall, published } from '../../support/scriptedPublisher';

/**
 * A round that claims ahead (as the worker does: docs/decisions.md, "The publishing worker")
 * waits for each job's time on the timers: never a call before it, `publishing` only from it;
 * a job whose connection is busy waits in the round for a call slot instead of the queue.
 */
export function onTimeScenarios(harness: () => EngineHarness): void {
  const ahead = (h: EngineHarness, ms = 500): ClaimAhead => ({ ms, sleep: (wait) => new Promise((resolve) => h.clock.after(wait, () => resolve())) });

  it('claims a target due within the lookahead, leaves it pending, and calls it at its time, not before', async () => {
    const h = harness();
    const post = await h.post(['on time'], { intent: 'schedule', scheduledAt: new Date(h.clock.now().getTime() + 300) });
    const round = h.engine.run('worker-a', ahead(h));
    await h.clock.elapse(299);
    expect(h.publisher.calls, 'no call a millisecond early').to.have.length(0);
    const waiting = await h.target(post.id);
    expect([waiting.status, waiting.attempts]).to.deep.equal(['pending', 0]);
    await h.clock.elapse(1);
    expect((await round).results).to.deep.equal([{ targetId: post.targets[0]!.id, result: 'published' }]);
    expect(h.publisher.calls.map((c) => c.text)).to.deep.equal(['on time']);
  });

  it('leaves a target due after the lookahead in the queue', async () => {
    const h = harness();
    await h.post(['later'], { intent: 'schedule', scheduledAt: new Date(h.clock.now().getTime() + 501) });
    expect((await h.engine.run('worker-a', ahead(h))).claimed).to.equal(0);
  });

  it("waits in the round for its connection's call slot, then calls: no trip back to the queue", async () => {
    const h = harness();
    expect(ENGINE_SETTINGS.maxCallsPerConnection).to.equal(1);
    const connection = { id: await h.connection('TWITTER'), platform: 'TWITTER' as const };
    const held = new HeldCall();
    h.publisher.will(held);
    const first = await h.post(['first'], { connection });
    const second = await h.post(['second'], { connection });
    const round = h.engine.run('worker-a', ahead(h));
    await held.arrived;
    expect(h.publisher.calls.map((c) => c.text)).to.deep.equal(['first']);
    held.answer(published('p1', h.clock.now()));
    expect((await round).results).to.have.deep.members([
      { targetId: first.targets[0]!.id, result: 'published' },
      { targetId: second.targets[0]!.id, result: 'published' },
    ]);
    expect(h.publisher.calls.map((c) => c.text)).to.deep.equal(['first', 'second']);
  });

  it('gives a job back to the queue for busyRetryMs when no slot frees within it, as a round that does not wait', async () => {
    const h = harness();
    const connection = { id: await h.connection('TWITTER'), platform: 'TWITTER' as const };
    const held = new HeldCall();
    h.publisher.will(held);
    await h.post(['first'], { connection });
    const first = h.engine.run('worker-a', ahead(h));
    await held.arrived;
    const second = await h.post(['second'], { connection });
    const timers = h.clock.timersPending;
    const waiting = h.engine.run('worker-b', ahead(h));
    // Its wait for a slot is set on the clock once its attempt found the connection busy.
    while (h.clock.timersPending === timers) await new Promise((resolve) => setTimeout(resolve, 5));
    await h.clock.elapse(ENGINE_SETTINGS.busyRetryMs);
    expect((await waiting).results).to.deep.equal([{ targetId: second.targets[0]!.id, result: 'connection_busy' }]);
    const [job] = await h.queue.listForPost(h.workspaceId, second.id);
    expect(job?.notBefore.toISOString()).to.equal(new Date(h.clock.now().getTime() + ENGINE_SETTINGS.busyRetryMs).toISOString());
    held.answer(published('p1', h.clock.now()));
    await first;
  });
}
