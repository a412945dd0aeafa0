import { expect } from 'chai';
import { LeaseHeartbeat } from '../../../../adapters/inbound/worker/LeaseHeartbeat';
import { PublishingWorker } from '../../../../adapters/inbound/worker/PublishingWorker';
import { WebhookDeliveryLoop } from '../../../../adapters/inbound/worker/WebhookDeliveryLoop';
import { type RoundReport } from '../../../../application/publishing/PublishDueTargets';
import { FixedClock } from '../../../support/fixedClock';
import { RecordingLogger } from '../../../support/recordingLogger';

/** A stand-in for HeldLeases' renewal: counts the beats, each taking `takesMs` on the clock, answering `answer`. */
class Renewals {
  beats = 0;
  active = 0;
  maxActive = 0;
  takesMs = 0;
  answer: () => { renewed: number; lost: string[] } = () => ({ renewed: 1, lost: [] });

  constructor(private readonly clock: FixedClock) {}

  readonly renew = async (owner: string) => {
    expect(owner).to.equal('host:1:ab');
    this.beats++;
    this.maxActive = Math.max(this.maxActive, ++this.active);
    try {
      if (this.takesMs > 0) await new Promise<void>((resolve) => this.clock.after(this.takesMs, resolve));
      return this.answer();
    } finally {
      this.active--;
    }
  };
}

/** A round that stays in flight until the test lets it end. */
function hangingRound(): { run: () => Promise<RoundReport>; finish: () => void } {
  let finish = () => {};
  const ended = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let first = true;
  const run = async (): Promise<RoundReport> => {
    if (!first) return { claimed: 0, results: [] };
    first = false;
    await ended;
    return { claimed: 1, results: [{ targetId: 't0', result: 'published' }] };
  };
  return { run, finish: () => finish() };
}

describe('LeaseHeartbeat (renewing the leases a live worker holds)', () => {
  let renewals: Renewals;
  let logger: RecordingLogger;
  /** The heartbeat's and the loops' timers: they fire when the test moves this clock on. */
  let clock: FixedClock;

  beforeEach(() => {
    clock = new FixedClock();
    renewals = new Renewals(clock);
    logger = new RecordingLogger();
  });

  it('beats every everyMs while started, one beat at a time, none after stop', async () => {
    const heartbeat = new LeaseHeartbeat(renewals, 'host:1:ab', 10, logger, 'publish jobs', clock);
    renewals.takesMs = 35;
    heartbeat.start();
    await clock.elapse(150);
    const stopped = heartbeat.stop();
    await clock.elapse(renewals.takesMs);
    await stopped;
    const beats = renewals.beats;
    expect(beats, 'at 10, 50, 90 and 130 ms: the beats due while a 35 ms one runs are skipped').to.equal(4);
    expect(renewals.maxActive, 'a slow beat is never overlapped').to.equal(1);
    await clock.elapse(50);
    expect(renewals.beats, 'stopped').to.equal(beats);
  });

  it('logs leases found taken, and a failed beat, and beats on', async () => {
    const heartbeat = new LeaseHeartbeat(renewals, 'host:1:ab', 10, logger, 'webhook deliveries', clock);
    renewals.answer = () => ({ renewed: 0, lost: ['t1'] });
    await heartbeat.beat();
    renewals.answer = () => {
      throw new Error('database unavailable');
    };
    await heartbeat.beat();
    renewals.answer = () => ({ renewed: 1, lost: [] });
    await heartbeat.beat();
    expect(logger.lines.map((l) => [l.level, l.message, l.fields])).to.deep.equal([
      ['warn', 'leases lost to another worker: this one stalled past them', { owner: 'host:1:ab', what: 'webhook deliveries', ids: ['t1'] }],
      ['error', 'lease renewal failed', { owner: 'host:1:ab', what: 'webhook deliveries', error: 'database unavailable' }],
    ]);
  });

  it('a publishing worker beats from its start through its drain, and not once it has stopped', async () => {
    const round = hangingRound();
    const settle = { run: async () => [] };
    const heartbeat = new LeaseHeartbeat(renewals, 'host:1:ab', 10, logger, 'publish jobs', clock);
    const worker = new PublishingWorker(settle, { run: round.run }, logger, 'host:1:ab', { pollMs: 10, timers: clock }, heartbeat);
    worker.start();
    await clock.elapse(50);
    const stopping = worker.stop(5000);
    const atStop = renewals.beats;
    await clock.elapse(80);
    expect(renewals.beats - atStop, 'the round in flight keeps its leases while it drains').to.be.greaterThan(2);
    round.finish();
    expect(await stopping).to.equal('drained');
    const atEnd = renewals.beats;
    await clock.elapse(50);
    expect(renewals.beats).to.equal(atEnd);
  });

  it('a publishing worker past its drain deadline stops beating: what it holds runs out and is settled elsewhere', async () => {
    const round = hangingRound();
    const heartbeat = new LeaseHeartbeat(renewals, 'host:1:ab', 10, logger, 'publish jobs', clock);
    const worker = new PublishingWorker({ run: async () => [] }, { run: round.run }, logger, 'host:1:ab', { pollMs: 10, timers: clock }, heartbeat);
    worker.start();
    await clock.elapse(30);
    const stopped = worker.stop(30);
    await clock.elapse(30);
    expect(await stopped).to.equal('deadline_passed');
    const atEnd = renewals.beats;
    await clock.elapse(50);
    expect(renewals.beats).to.equal(atEnd);
    round.finish();
  });

  it('a webhook delivery loop beats while it runs, until its round in flight has ended', async () => {
    let finish = () => {};
    const ended = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const deliver = {
      run: async () => {
        await ended;
        return 0;
      },
    };
    const heartbeat = new LeaseHeartbeat(renewals, 'host:1:ab', 10, logger, 'webhook deliveries', clock);
    const loop = new WebhookDeliveryLoop(deliver, logger, 'host:1:ab', 10, clock, heartbeat);
    loop.start();
    await clock.elapse(30);
    const stopping = loop.stop();
    const atStop = renewals.beats;
    await clock.elapse(50);
    expect(renewals.beats).to.be.greaterThan(atStop);
    finish();
    await stopping;
    const atEnd = renewals.beats;
    await clock.elapse(50);
    expect(renewals.beats).to.equal(atEnd);
  });
});
