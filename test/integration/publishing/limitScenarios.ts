import { expect } from 'chai';
import { TOKENS as T } from '../../../config/tokens';
import { ENGINE_SETTINGS, type EngineHarness } from '../../support/publishingEngine';
import { HeldCall, published } from '../../support/scriptedPublisher';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The limits that delay rather than fail: calls at once per connection, and a platform's daily post budget. */
export function limitScenarios(harness: () => EngineHarness): void {
  it("holds a connection's calls to its cap across engine rounds: the second waits a little, never fails", async () => {
    const h = harness();
    expect(ENGINE_SETTINGS.maxCallsPerConnection).to.equal(1);
    const connection = { id: await h.connection('TWITTER'), platform: 'TWITTER' as const };
    const held = new HeldCall();
    h.publisher.will(held);
    const first = await h.post(['first'], { connection });
    const round = h.publishDue('worker-a');
    await held.arrived;
    const second = await h.post(['second'], { connection });
    const other = await h.post(['elsewhere']);
    const busy = await h.publishDue('worker-b');
    expect(busy.results).to.have.deep.members([
      { targetId: second.targets[0]!.id, result: 'connection_busy' },
      { targetId: other.targets[0]!.id, result: 'published' },
    ]);
    const waiting = await h.target(second.id);
    expect([waiting.status, waiting.attempts, waiting.error]).to.deep.equal(['pending', 0, null]);
    const [job] = await h.queue.listForPost(h.workspaceId, second.id);
    expect(job?.notBefore.toISOString()).to.equal(new Date(h.clock.now().getTime() + ENGINE_SETTINGS.busyRetryMs).toISOString());
    held.answer(published('p1', h.clock.now()));
    expect((await round).results).to.deep.equal([{ targetId: first.targets[0]!.id, result: 'published' }]);
    h.clock.advance(ENGINE_SETTINGS.busyRetryMs - 1);
    expect((await h.publishDue()).claimed).to.equal(0);
    h.clock.advance(1);
    expect((await h.publishDue()).results).to.deep.equal([{ targetId: second.targets[0]!.id, result: 'published' }]);
    expect(h.publisher.calls.map((c) => c.text)).to.deep.equal(['first', 'elsewhere', 'second']);
  });

  it("delays the 51st Instagram post of a day to the end of the first one's window, the target still pending", async () => {
    const h = harness();
    const connection = { id: await h.connection('INSTAGRAM'), platform: 'INSTAGRAM' as const };
    const firstAt = h.clock.now();
    for (let i = 1; i <= 50; i++) {
      await h.post([`post ${i}`], { connection });
      expect((await h.publishDue()).results[0]?.result).to.equal('published');
      h.clock.advance(MINUTE);
    }
    // Another connection has a budget of its own.
    await h.post(['elsewhere'], { connection: { id: await h.connection('INSTAGRAM'), platform: 'INSTAGRAM' } });
    expect((await h.publishDue()).results[0]?.result).to.equal('published');
    const over = await h.post(['post 51'], { connection });
    const targetId = over.targets[0]!.id;
    expect((await h.publishDue()).results).to.deep.equal([{ targetId, result: 'over_budget' }]);
    const waiting = await h.target(over.id);
    expect([waiting.status, waiting.attempts, waiting.error]).to.deep.equal(['pending', 0, null]);
    const windowEnd = new Date(firstAt.getTime() + DAY);
    expect((await h.queue.listForPost(h.workspaceId, over.id))[0]?.notBefore.toISOString()).to.equal(windowEnd.toISOString());
    expect(await h.composition.get(T.AttemptLog).listForTarget(h.workspaceId, targetId)).to.deep.equal([]);
    h.clock.set(new Date(windowEnd.getTime() - 1));
    expect((await h.publishDue()).claimed).to.equal(0);
    h.clock.set(windowEnd);
    expect((await h.publishDue()).results).to.deep.equal([{ targetId, result: 'published' }]);
    expect(h.publisher.calls).to.have.length(52);
  });
}
