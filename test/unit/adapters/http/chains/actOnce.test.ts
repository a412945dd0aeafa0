import { expect } from 'chai';
import { actOnce } from '../../../../../adapters/inbound/http/chains/actOnce';
import { MemoryInboundEventLog } from '../../../../../adapters/outbound/persistence/memory/MemoryInboundEventLog';

const clock = { now: () => new Date('2030-01-01T00:00:00Z') };

describe('actOnce (webhook replay protection)', () => {
  it('acts on the first delivery of an event only', async () => {
    const events = new MemoryInboundEventLog();
    const acted: string[] = [];
    const act = async () => void acted.push('evt_1');
    expect(await actOnce(events, clock, 'stripe', 'evt_1', act)).to.equal('acted');
    expect(await actOnce(events, clock, 'stripe', 'evt_1', act)).to.equal('replayed');
    expect(await actOnce(events, clock, 'other', 'evt_1', act)).to.equal('acted');
    expect(acted).to.have.length(2);
  });

  it('forgets an event whose handling failed, so its retry acts', async () => {
    const events = new MemoryInboundEventLog();
    const failure = await actOnce(events, clock, 'stripe', 'evt_2', async () => {
      throw new Error('down');
    }).catch((error: unknown) => error);
    expect(failure).to.be.instanceOf(Error);
    expect(await actOnce(events, clock, 'stripe', 'evt_2', async () => undefined)).to.equal('acted');
  });
});
