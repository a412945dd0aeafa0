import { expect } from 'chai';
import { CheckHealth, type HealthReport } from '../../../application/health/CheckHealth';
import { type HealthCheck } from '../../../application/ports/HealthCheck';
import { FixedClock } from '../../support/fixedClock';

const passing = (name: string): HealthCheck => ({ name, check: async () => {} });
const failing = (name: string): HealthCheck => ({
  name,
  check: async () => {
    throw new Error(`${name} is down`);
  },
});
const failingAfter = (name: string, ms: number, clock: FixedClock): HealthCheck => ({
  name,
  check: () => new Promise<void>((_, reject) => clock.after(ms, () => reject(new Error('refused')))),
});
const hanging = (name: string): HealthCheck => ({ name, check: () => new Promise<void>(() => {}) });

describe('CheckHealth', () => {
  /** The clock of the report's time, and the timers the checks' timeout waits on. */
  let clock: FixedClock;

  beforeEach(() => {
    clock = new FixedClock('2030-05-06T07:08:09.010Z');
  });

  it("is ok, at the clock's time, when every check passes", async () => {
    const report = await new CheckHealth([passing('database'), passing('redis')], clock, clock).execute();
    expect(report).to.deep.equal({ status: 'ok', time: clock.now(), checks: { database: 'ok', redis: 'ok' } });
  });

  it('is ok with no checks at all', async () => {
    expect((await new CheckHealth([], clock, clock).execute()).status).to.equal('ok');
  });

  it('is unavailable, naming the failing check, when one check rejects', async () => {
    const report = await new CheckHealth([passing('redis'), failing('database')], clock, clock).execute();
    expect(report.status).to.equal('unavailable');
    expect(report.checks).to.deep.equal({ redis: 'ok', database: 'unavailable' });
  });

  it('counts a check that rejects after a delay, or throws before returning a promise, as unavailable', async () => {
    const throwsAtOnce: HealthCheck = {
      name: 'disk',
      check: () => {
        throw new Error('no disk');
      },
    };
    const checking = new CheckHealth([failingAfter('database', 20, clock), throwsAtOnce], clock, clock).execute();
    await clock.elapse(20);
    const report = await checking;
    expect(report).to.deep.include({ status: 'unavailable', checks: { database: 'unavailable', disk: 'unavailable' } });
  });

  it('goes back to ok when the dependency returns, without a new instance', async () => {
    let down = true;
    const database: HealthCheck = {
      name: 'database',
      check: async () => {
        if (down) throw new Error('down');
      },
    };
    const health = new CheckHealth([database], clock, clock);
    expect((await health.execute()).status).to.equal('unavailable');
    down = false;
    expect((await health.execute()).status).to.equal('ok');
  });

  it('reads a check that hangs as unavailable after the 2 s timeout, running checks side by side', async () => {
    let report: HealthReport | undefined;
    void new CheckHealth([hanging('database'), hanging('redis'), passing('disk')], clock, clock).execute().then((r) => {
      report = r;
    });
    await clock.elapse(1999);
    expect(report, 'still waiting a millisecond before the timeout').to.equal(undefined);
    await clock.elapse(1);
    expect(report?.checks).to.deep.equal({ database: 'unavailable', redis: 'unavailable', disk: 'ok' });
    expect(report?.status).to.equal('unavailable');
  });

  it('leaves no timer behind once every check has answered', async () => {
    await new CheckHealth([passing('database'), failing('redis')], clock, clock).execute();
    expect(clock.timersPending).to.equal(0);
  });
});
