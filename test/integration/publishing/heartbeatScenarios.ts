import { expect } from 'chai';
import { LeaseLost } from '../../../application/publishing/failureReasons';
import { TOKENS as T } from '../../../config/tokens';
import { ENGINE_SETTINGS, type EngineHarness } from '../../support/publishingEngine';
import { HeldCall, published } from '../../support/scriptedPublisher';

const LEASE = ENGINE_SETTINGS.leaseMs;

/**
 * Short leases renewed while their worker lives (docs/decisions.md, "The publishing worker"):
 * the heartbeat's renewal (`JobLeases.renew`, what the worker's LeaseHeartbeat calls every third
 * of the lease) stepped by hand against the clock, and a worker that stalls past its lease.
 */
export function heartbeatScenarios(harness: () => EngineHarness): void {
  it('a job under way stays its worker’s while the heartbeat renews it, however long the call takes; then nothing is held', async () => {
    const h = harness();
    const leases = h.composition.get(T.JobLeases);
    const held = new HeldCall();
    h.publisher.will(held);
    const post = await h.post(['a slow call']);
    const targetId = post.targets[0]!.id;
    const round = h.publishDue('worker-a');
    await held.arrived;
    expect(leases.heldBy('worker-a')).to.deep.equal([targetId]);
    for (let beat = 0; beat < 6; beat++) {
      h.clock.advance(LEASE / 3);
      expect(await leases.renew('worker-a'), `beat ${beat + 1}`).to.deep.equal({ renewed: 1, lost: [] });
    }
    // Two leases' worth of time since the claim: without the renewals both would have run out.
    h.clock.advance(LEASE - 1);
    expect(await h.settleExpired('worker-b'), 'not expired: renewed a lease ago').to.deep.equal([]);
    expect((await h.publishDue('worker-b')).claimed).to.equal(0);
    held.answer(published('p1', h.clock.now()));
    expect((await round).results).to.deep.equal([{ targetId, result: 'published' }]);
    expect(leases.heldBy('worker-a'), 'recorded: no longer renewed').to.deep.equal([]);
    expect(await leases.renew('worker-a')).to.deep.equal({ renewed: 0, lost: [] });
    expect(h.publisher.calls).to.have.length(1);
  });

  it('a worker that stalls mid-call past its lease: settled as outcome unknown, never called again; its late beat renews nothing', async () => {
    const h = harness();
    const leases = h.composition.get(T.JobLeases);
    const held = new HeldCall();
    h.publisher.will(held);
    const post = await h.post(['in flight']);
    const targetId = post.targets[0]!.id;
    const round = h.publishDue('worker-a');
    await held.arrived;
    h.clock.advance(LEASE); // no beat meanwhile: the worker's event loop was stalled
    expect(await h.settleExpired('worker-b')).to.deep.equal([{ targetId, result: 'failed' }]);
    expect(await leases.renew('worker-a'), 'the stalled worker wakes: its lease is gone').to.deep.equal({ renewed: 0, lost: [targetId] });
    expect(leases.heldBy('worker-a')).to.deep.equal([]);
    held.answer(published('late', h.clock.now()));
    expect((await round).results[0]?.result).to.equal('lease_lost');
    h.clock.advance(60 * LEASE);
    expect((await h.publishDue('worker-c')).claimed).to.equal(0);
    expect((await h.target(post.id)).error).to.equal('publish outcome unknown: the worker stopped during the call');
    expect(h.publisher.calls).to.have.length(1);
  });

  it('a worker that stalls past its lease before its call makes none: the job is published once, by the next worker', async () => {
    const h = harness();
    const post = await h.post(['claimed, then a stall']);
    const targetId = post.targets[0]!.id;
    const [job] = await h.queue.claimDue({ owner: 'worker-a', now: h.clock.now(), leaseMs: LEASE, limit: 10 });
    h.clock.advance(LEASE);
    expect(await h.settleExpired('worker-b'), 'never called: back to the queue').to.deep.equal([{ targetId, result: 'given_back' }]);
    const woken = await h.beginAttempt(job!).then(
      (begun) => begun,
      (error: unknown) => error,
    );
    expect(woken, 'the stalled worker begins nothing').to.be.instanceOf(LeaseLost);
    expect((await h.target(post.id)).status).to.equal('pending');
    expect((await h.publishDue('worker-c')).results).to.deep.equal([{ targetId, result: 'published' }]);
    expect(h.publisher.calls).to.have.length(1);
    expect((await h.target(post.id)).status).to.equal('published');
  });
}
