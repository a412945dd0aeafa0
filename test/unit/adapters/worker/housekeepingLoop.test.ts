import { expect } from 'chai';
import { HousekeepingLoop } from '../../../../adapters/inbound/worker/HousekeepingLoop';
import { FixedClock } from '../../../support/fixedClock';
import { RecordingLogger } from '../../../support/recordingLogger';

const MINUTE = 60_000;

describe('the worker housekeeping (HousekeepingLoop, on the injected clock)', () => {
  it('runs every chore at start and then every interval, logging what each did; a failure is logged and tried again next time', async () => {
    const clock = new FixedClock();
    const logger = new RecordingLogger();
    let sweeps = 0;
    let grantsFail = true;
    const loop = new HousekeepingLoop(
      [
        { name: 'media', run: async () => ({ expired: ++sweeps }) },
        {
          name: 'grants',
          run: async () => {
            if (grantsFail) throw new Error('database is down');
            return { renewed: 0 };
          },
        },
      ],
      logger,
      MINUTE,
      clock,
    );
    loop.start();
    await clock.elapse(0);
    expect(sweeps).to.equal(1);
    expect(logger.lines.find((l) => l.message === 'housekeeping failed')?.fields).to.deep.equal({ chore: 'grants', error: 'database is down' });

    grantsFail = false;
    await clock.elapse(MINUTE - 1);
    expect(sweeps, 'nothing before the minute is up').to.equal(1);
    await clock.elapse(1);
    expect(sweeps).to.equal(2);
    expect(logger.count('housekeeping failed'), 'the retry succeeded').to.equal(1);
    expect(logger.lines.filter((l) => l.message === 'housekeeping').map((l) => l.fields)).to.deep.equal([
      { chore: 'media', expired: 1 },
      { chore: 'media', expired: 2 },
    ]);

    await loop.stop();
    await clock.elapse(10 * MINUTE);
    expect(sweeps, 'stopped: no more rounds').to.equal(2);
    expect(clock.timersPending).to.equal(0);
  });

  it('never overlaps rounds: a round still running when the next is due is not started twice', async () => {
    const clock = new FixedClock();
    let running = 0;
    let most = 0;
    let rounds = 0;
    const loop = new HousekeepingLoop(
      [
        {
          name: 'slow',
          run: async () => {
            most = Math.max(most, ++running);
            rounds++;
            // Takes three intervals on the clock.
            await new Promise<void>((resolve) => clock.after(3 * MINUTE, resolve));
            running--;
            return {};
          },
        },
      ],
      new RecordingLogger(),
      MINUTE,
      clock,
    );
    loop.start();
    await clock.elapse(6.5 * MINUTE);
    // Rounds at 0–3, 3–6 and 6–9 minutes: each begins at a tick once the one before has ended.
    expect(rounds).to.equal(3);
    // Stopping waits for the round in flight, and starts none.
    const stopped = loop.stop();
    await clock.elapse(5 * MINUTE);
    await stopped;
    await clock.elapse(5 * MINUTE);
    expect(most, 'never two at once').to.equal(1);
    expect(rounds).to.equal(3);
  });
});
