import { expect } from 'chai';
import { SystemTimers } from '../../../../adapters/outbound/clock/SystemTimers';
import { FixedClock } from '../../../support/fixedClock';

describe('Timers', () => {
  describe("the system's (Node's timers, in real time)", () => {
    it('fires a timer once, an interval until cancelled, and never a cancelled timer', async () => {
      const timers = new SystemTimers();
      const fired: string[] = [];
      timers.after(1, () => fired.push('after')).cancel();
      const interval = timers.every(1, () => fired.push('every'));
      await new Promise<void>((resolve) => timers.after(15, resolve));
      interval.cancel();
      const seen = fired.length;
      await new Promise<void>((resolve) => timers.after(5, resolve));
      expect(fired).not.to.include('after');
      expect(seen).to.be.greaterThan(0);
      expect(fired).to.have.length(seen);
    });
  });

  describe("a test's FixedClock (fired when the test moves the clock)", () => {
    it('fires nothing until the clock reaches a timer, then fires it at its time, once', () => {
      const clock = new FixedClock('2030-01-01T00:00:00.000Z');
      const fired: string[] = [];
      clock.after(100, () => fired.push(clock.now().toISOString()));
      clock.advance(99);
      expect(fired).to.deep.equal([]);
      clock.advance(51);
      expect(fired).to.deep.equal(['2030-01-01T00:00:00.100Z']);
      expect(clock.now().toISOString()).to.equal('2030-01-01T00:00:00.150Z');
      clock.advance(1000);
      expect(fired).to.have.length(1);
    });

    it('fires intervals and timers in the order of their times, and never a cancelled one', () => {
      const clock = new FixedClock();
      const fired: string[] = [];
      const every = clock.every(10, () => fired.push('every'));
      clock.after(15, () => fired.push('after 15'));
      clock.after(5, () => fired.push('cancelled')).cancel();
      clock.advance(30);
      every.cancel();
      clock.advance(30);
      expect(fired).to.deep.equal(['every', 'after 15', 'every', 'every']);
      expect(clock.timersPending).to.equal(0);
    });

    it('elapse lets the work a timer starts settle before the next timer fires, timers it sets included', async () => {
      const clock = new FixedClock();
      const fired: number[] = [];
      const loop = async (): Promise<void> => {
        await Promise.resolve();
        fired.push(clock.now().getTime() - new Date('2030-01-01T00:00:00.000Z').getTime());
        clock.after(10, () => void loop());
      };
      clock.after(0, () => void loop());
      await clock.elapse(35);
      expect(fired).to.deep.equal([0, 10, 20, 30]);
    });
  });
});
