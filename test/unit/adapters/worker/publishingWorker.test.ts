import { expect } from 'chai';
import { PublishingWorker } from '../../../../adapters/inbound/worker/PublishingWorker';
import { workerOwnerId } from '../../../../adapters/inbound/worker/workerOwnerId';
import { type RoundReport } from '../../../../application/publishing/PublishDueTargets';
import { type JobResult } from '../../../../application/publishing/failureReasons';
import { FixedClock } from '../../../support/fixedClock';
import { RecordingLogger } from '../../../support/recordingLogger';

const round = (...results: JobResult[]): RoundReport => ({ claimed: results.length, results: results.map((result, i) => ({ targetId: `t${i}`, result })) });

/** Stand-ins for the two use cases the loop drives, recording what it asked and when. */
class Engine {
  readonly events: string[] = [];
  readonly rounds: Array<RoundReport | Error | (() => Promise<RoundReport>)> = [];
  settleFails: Error | null = null;
  active = 0;
  maxActive = 0;

  readonly settle = {
    run: async (owner: string) => {
      this.events.push(`settle ${owner}`);
      if (this.settleFails) throw this.settleFails;
      return [];
    },
  };
  readonly publish = {
    run: async (owner: string): Promise<RoundReport> => {
      this.events.push(`round ${owner}`);
      this.maxActive = Math.max(this.maxActive, ++this.active);
      try {
        const next = this.rounds.shift() ?? round();
        if (next instanceof Error) throw next;
        return typeof next === 'function' ? await next() : next;
      } finally {
        this.active--;
      }
    },
  };
}

describe('PublishingWorker (the loop)', () => {
  let engine: Engine;
  let logger: RecordingLogger;
  let worker: PublishingWorker;
  /** The loop's timers: its pauses and deadlines pass when the test moves this clock on. */
  let clock: FixedClock;
  const pause = (ms: number) => new Promise<void>((resolve) => clock.after(ms, resolve));

  beforeEach(() => {
    engine = new Engine();
    logger = new RecordingLogger();
    clock = new FixedClock();
    worker = new PublishingWorker(engine.settle, engine.publish, logger, 'host:1:ab', { pollMs: 10, timers: clock });
  });

  afterEach(async () => {
    const stopped = worker.stop(1000);
    await clock.elapse(1000);
    await stopped;
  });

  it('a tick settles expired leases first, then runs rounds until one claims nothing', async () => {
    engine.rounds.push(round('published', 'published'), round('failed'), round());
    await worker.tick();
    expect(engine.events).to.deep.equal(['settle host:1:ab', 'round host:1:ab', 'round host:1:ab', 'round host:1:ab']);
    expect(logger.count('publishing round')).to.equal(2);
  });

  it('a round that only gave its jobs back waits for the next tick instead of spinning', async () => {
    engine.rounds.push(round('given_back', 'error'), round('published'));
    await worker.tick();
    expect(engine.events.filter((e) => e.startsWith('round'))).to.have.length(1);
  });

  it('logs a failed tick and goes on ticking', async () => {
    engine.settleFails = new Error('database unavailable');
    worker.start();
    await clock.elapse(60);
    engine.settleFails = null;
    const seen = engine.events.length;
    await clock.elapse(60);
    expect(logger.lines.find((l) => l.message === 'publishing tick failed')?.fields).to.deep.equal({ owner: 'host:1:ab', error: 'database unavailable' });
    expect(engine.events.slice(seen)).to.include('round host:1:ab');
  });

  it('never runs two ticks at once, however long a round takes', async () => {
    engine.rounds.push(async () => {
      await pause(100);
      return round();
    });
    worker.start();
    await clock.elapse(200);
    expect(engine.maxActive).to.equal(1);
    expect(engine.events.filter((e) => e.startsWith('round')).length).to.be.greaterThan(2);
  });

  it('stop waits for the round in flight, then claims nothing more', async () => {
    let finish!: () => void;
    engine.rounds.push(() => new Promise((resolve) => (finish = () => resolve(round('published')))), round('published'));
    worker.start();
    await clock.elapse(30);
    const stopped = worker.stop(1000);
    await clock.elapse(30);
    finish();
    expect(await stopped).to.equal('drained');
    await clock.elapse(50);
    expect(engine.events.filter((e) => e.startsWith('round'))).to.have.length(1);
    expect(engine.rounds).to.have.length(1);
  });

  it('stop between two ticks drains at once, and no tick starts after it', async () => {
    worker.start();
    await clock.elapse(5);
    const seen = engine.events.length;
    expect(await worker.stop(1000)).to.equal('drained');
    await clock.elapse(100);
    expect(engine.events.slice(seen)).to.deep.equal([]);
    expect(clock.timersPending, 'the next tick is no longer set').to.equal(0);
  });

  it('stop gives up at its deadline when a round hangs', async () => {
    engine.rounds.push(() => new Promise(() => {}));
    worker.start();
    await clock.elapse(30);
    const stopped = worker.stop(50);
    await clock.elapse(50);
    expect(await stopped).to.equal('deadline_passed');
    expect(logger.lines.find((l) => l.message === 'publishing worker stopped')).to.include({ level: 'warn' });
  });

  it('owner ids name the host and process, and differ between workers', () => {
    expect(workerOwnerId('box', 42)).to.match(/^box:42:[0-9a-f]{8}$/);
    expect(workerOwnerId('box', 42)).not.to.equal(workerOwnerId('box', 42));
  });
});
