import { expect } from 'chai';
import { PostingSchedule } from '../../../../domain/schedule/PostingSchedule';
import { DomainError } from '../../../../domain/shared/DomainError';

const NOW = new Date('2030-01-01T00:00:00Z');
const schedule = (timeZone: string, slots: Array<{ day: string; time: string }>) => PostingSchedule.create({ connectionId: 'c1', timeZone, slots, now: NOW });
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const problems = (fn: () => unknown): string[] => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) {
      expect(error.code).to.equal('invalid_schedule');
      return error.details.map((d) => `${d.path}: ${d.message}`);
    }
    throw error;
  }
  throw new Error('no problem found');
};

describe('PostingSchedule: weekly slots on a time zone’s wall clock', () => {
  it('lists a week of slots as instants, in the zone’s offset, oldest first', () => {
    const berlin = schedule('Europe/Berlin', [
      { day: 'wed', time: '17:30' },
      { day: 'mon', time: '09:00' },
    ]);
    // 2030-01-07 is a Monday; Berlin is UTC+1 in winter.
    expect(iso(berlin.slotsBetween(new Date('2030-01-07T00:00:00Z'), new Date('2030-01-14T00:00:00Z')))).to.deep.equal([
      '2030-01-07T08:00:00.000Z',
      '2030-01-09T16:30:00.000Z',
    ]);
    expect(berlin.toSnapshot().slots).to.deep.equal([
      { day: 'mon', time: '09:00' },
      { day: 'wed', time: '17:30' },
    ]);
  });

  describe('daylight-saving changes follow the zone', () => {
    it('Europe/Berlin, spring (2030-03-31): 02:30 does not exist and moves to 03:00, the first valid minute; 09:00 is in summer time', () => {
      const berlin = schedule('Europe/Berlin', [
        { day: 'sun', time: '02:30' },
        { day: 'sun', time: '09:00' },
      ]);
      expect(iso(berlin.slotsBetween(new Date('2030-03-30T00:00:00Z'), new Date('2030-04-01T00:00:00Z')))).to.deep.equal([
        '2030-03-31T01:00:00.000Z',
        '2030-03-31T07:00:00.000Z',
      ]);
    });

    it('Europe/Berlin, autumn (2030-10-27): 02:30 happens twice and is used once, the first time', () => {
      const berlin = schedule('Europe/Berlin', [{ day: 'sun', time: '02:30' }]);
      expect(iso(berlin.slotsBetween(new Date('2030-10-26T00:00:00Z'), new Date('2030-10-28T00:00:00Z')))).to.deep.equal(['2030-10-27T00:30:00.000Z']);
    });

    it('America/New_York, spring (2030-03-10) and autumn (2030-11-03)', () => {
      const newYork = schedule('America/New_York', [
        { day: 'sun', time: '02:15' },
        { day: 'sun', time: '01:30' },
      ]);
      expect(iso(newYork.slotsBetween(new Date('2030-03-10T00:00:00Z'), new Date('2030-03-11T00:00:00Z')))).to.deep.equal([
        '2030-03-10T06:30:00.000Z',
        '2030-03-10T07:00:00.000Z',
      ]);
      expect(iso(newYork.slotsBetween(new Date('2030-11-03T00:00:00Z'), new Date('2030-11-04T00:00:00Z')))).to.deep.equal([
        '2030-11-03T05:30:00.000Z',
        '2030-11-03T07:15:00.000Z',
      ]);
    });

    it('two slots the spring change moves onto one instant are one slot', () => {
      const berlin = schedule('Europe/Berlin', [
        { day: 'sun', time: '02:30' },
        { day: 'sun', time: '03:00' },
      ]);
      expect(iso(berlin.slotsBetween(new Date('2030-03-31T00:00:00Z'), new Date('2030-03-31T12:00:00Z')))).to.deep.equal(['2030-03-31T01:00:00.000Z']);
    });
  });

  it('names every bad field at once: the zone, a day, a time, a repeat, an unknown field', () => {
    expect(
      problems(() =>
        schedule('Mars/Olympus', [
          { day: 'monday', time: '9:00' },
          { day: 'tue', time: '24:00' },
          { day: 'wed', time: '10:00' },
          { day: 'wed', time: '10:00' },
          { day: 'thu', time: '10:00', every: 'week' } as { day: string; time: string },
        ]),
      ),
    ).to.deep.equal([
      'timeZone: must be an IANA time zone, like Europe/Berlin or America/New_York',
      'slots[0].day: must be one of mon, tue, wed, thu, fri, sat, sun',
      'slots[0].time: must be a time of day HH:MM, from 00:00 to 23:59',
      'slots[1].time: must be a time of day HH:MM, from 00:00 to 23:59',
      'slots[3]: repeats slots[2] (wed 10:00)',
      'slots[4].every: is not a field of a slot (day, time)',
    ]);
  });

  it('takes at most 100 slots, and answers a zone as it names itself', () => {
    const many = Array.from({ length: 101 }, (_, i) => ({
      day: 'mon',
      time: `${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`,
    }));
    expect(problems(() => schedule('UTC', many))).to.deep.equal(['slots: must hold at most 100 slots']);
    expect(schedule('europe/berlin', []).toSnapshot().timeZone).to.equal('Europe/Berlin');
  });
});
