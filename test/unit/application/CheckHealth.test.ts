import { expect } from 'chai';
import { CheckHealth } from '../../../application/health/CheckHealth';
import { type HealthCheck } from '../../../application/ports/HealthCheck';
import { FixedClock } from '../../support/fixedClock';

const passing = (name: string): HealthCheck => ({ name, check: async () => {} });
const failing = (name: string): HealthCheck => ({
  name,
  check: async () => {
    throw new Error(`${name} is down`);
  },
});
const failingAfter = (name: string, ms: number): HealthCheck => ({
  name,
  check: () => new Promise<void>((_, reject) => setTimeout(() => reject(new Error('refused')), ms)),
});
const hanging = (name: string): HealthCheck => ({ name, check: () => new Promise<void>(() => {}) });

describe('CheckHealth', () => {
  const clock = new FixedClock('2030-05-06T07:08:09.010Z');

  it("is ok, at the clock's time, when every check passes", async () => {
    const report = await new CheckHealth([passing('database'), passing('redis')], clock).execute();
    expect(report).to.deep.equal({ status: 'ok', time: clock.now(), checks: { database: 'ok', redis: 'ok' } });
  });

  it('is ok with no checks at all', async () => {
    expect((await new CheckHealth([], clock).execute()).status).to.equal('ok');
  });

  it('is unavailable, naming the failing check, when one check rejects', async () => {
    const report = await new CheckHealth([passing('redis'), failing('database')], clock).execute();
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
    const report = await new CheckHealth([failingAfter('database', 20), throwsAtOnce], clock).execute();
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
    const health = new CheckHealth([database], clock);
    expect((await health.execute()).status).to.equal('unavailable');
    down = false;
    expect((await health.execute()).status).to.equal('ok');
  });

  it('reads a check that hangs as unavailable after the 2 s timeout, running checks side by side', async function () {
    this.timeout(6000);
    const started = Date.now();
    const report = await new CheckHealth([hanging('database'), hanging('redis'), passing('disk')], clock).execute();
    const elapsed = Date.now() - started;
    expect(report.checks).to.deep.equal({ database: 'unavailable', redis: 'unavailable', disk: 'ok' });
    expect(report.status).to.equal('unavailable');
    expect(elapsed).to.be.within(1900, 3500);
  });
});
