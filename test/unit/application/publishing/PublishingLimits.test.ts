import { expect } from 'chai';
import { MemoryAttemptLog } from '../../../../adapters/outbound/persistence/memory/MemoryAttemptLog';
import { ConnectionCallSlots } from '../../../../application/publishing/ConnectionCallSlots';
import { PublishingLimits } from '../../../../application/publishing/PublishingLimits';

const T0 = new Date('2030-01-01T00:00:00.000Z');
const HOUR = 3_600_000;
const at = (ms: number) => new Date(T0.getTime() + ms);
const call = (targetId: string, connectionId = 'c1', segmentIndex = 0) => ({ targetId, connectionId, platform: 'THREADS' as const, segmentIndex });

describe('PublishingLimits', () => {
  it('gives a connection at most its cap of calls at once, a slot back when a call is done, and other connections their own', async () => {
    const limits = new PublishingLimits(new ConnectionCallSlots(2), new MemoryAttemptLog(), { busyRetryMs: 5_000 });
    expect(await limits.admit(call('t1'), T0)).to.equal(null);
    expect(await limits.admit(call('t2'), T0)).to.equal(null);
    expect(await limits.admit(call('t3'), T0)).to.deep.equal({ result: 'connection_busy', until: at(5_000) });
    expect(await limits.admit(call('t4', 'c2'), T0)).to.equal(null);
    limits.done('t1');
    limits.done('t1');
    expect(await limits.admit(call('t3'), T0)).to.equal(null);
    expect(await limits.admit(call('t5'), T0)).to.deep.equal({ result: 'connection_busy', until: at(5_000) });
  });

  it("counts the posts of the window and the calls under way against the platform's budget, replies aside", async () => {
    const log = new MemoryAttemptLog();
    const limits = new PublishingLimits(new ConnectionCallSlots(5), log, { busyRetryMs: 5_000 });
    const base = {
      workspaceId: 'w',
      postId: 'p',
      targetId: 'x',
      connectionId: 'c1',
      attempt: 1,
      segmentIndex: 0,
      startedAt: null,
      error: null,
      statusCode: null,
      readBack: false,
    };
    for (let i = 0; i < 249; i++) await log.record({ ...base, id: `a${i}`, finishedAt: at(i * 1000), outcome: 'published', platformPostId: `p${i}` });
    const now = at(HOUR);
    expect(await limits.admit(call('t1'), now)).to.equal(null);
    // 249 made and one under way: Threads' 250 are used up until the oldest leaves the window.
    expect(await limits.admit(call('t2'), now)).to.deep.equal({ result: 'over_budget', until: at(24 * HOUR) });
    // A reply is not a new post; the refused call's slot was given back.
    expect(await limits.admit(call('t3', 'c1', 1), now)).to.equal(null);
    limits.done('t1');
    limits.done('t3');
    expect(await limits.admit(call('t2'), now)).to.equal(null);
    expect(await limits.admit(call('t6', 'c2'), now)).to.equal(null);
  });
});
