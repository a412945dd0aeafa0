import { expect } from 'chai';
import { AvailabilityLog } from '../../../adapters/outbound/logging/AvailabilityLog';
import { FixedClock } from '../../support/fixedClock';
import { RecordingLogger } from '../../support/recordingLogger';

const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

describe('AvailabilityLog: an outage is logged once, and so is the recovery', () => {
  it('logs the first failure, not the ones after it, and the first answer after the outage', () => {
    const logs = new RecordingLogger();
    const clock = new FixedClock();
    const log = new AvailabilityLog(
      () => logs,
      () => clock,
      'database',
      0,
    );
    log.available();
    for (let i = 0; i < 50; i += 1) log.unavailable(refused);
    log.available();
    log.available();
    expect(logs.lines.map((line) => [line.level, line.message])).to.deep.equal([
      ['warn', 'database unavailable'],
      ['info', 'database available again'],
    ]);
    expect(logs.lines[0]!.fields).to.deep.equal({ cause: 'ECONNREFUSED: connect ECONNREFUSED' });
    expect(logs.lines[1]!.fields.failedStatements).to.equal(50);
  });

  it('keeps a partial outage (some statements answering, others failing) as one outage', () => {
    const logs = new RecordingLogger();
    const clock = new FixedClock();
    const log = new AvailabilityLog(
      () => logs,
      () => clock,
      'database',
      60_000,
    );
    for (let i = 0; i < 10; i += 1) {
      log.available(); // a reader still served
      clock.advance(10_000);
      log.unavailable(refused); // a writer locked out
    }
    expect(logs.count('database unavailable')).to.equal(1);
    expect(logs.count('database available again')).to.equal(0);
  });

  it('is back once it has answered for the settling time on its clock since the last failure, and says for how long it was down', () => {
    const logs = new RecordingLogger();
    const clock = new FixedClock();
    const log = new AvailabilityLog(
      () => logs,
      () => clock,
      'database',
      1000,
    );
    log.unavailable(refused);
    clock.advance(4000);
    log.unavailable(refused);
    clock.advance(999);
    log.available();
    expect(logs.count('database available again'), 'a second not yet over').to.equal(0);
    clock.advance(1);
    log.available();
    expect(logs.count('database available again')).to.equal(1);
    expect(logs.lines[1]!.fields).to.deep.equal({ downForMs: 4000, failedStatements: 2 });
  });
});
