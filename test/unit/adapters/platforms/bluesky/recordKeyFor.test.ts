import { expect } from 'chai';
import { RECORD_KEY_LAG_MS, recordKeyFor, recordKeyTime } from '../../../../../adapters/outbound/platforms/bluesky/blueskyRecord';

/** A TID as the AT Protocol writes one: 13 sortable base32 characters, the top bit clear. */
const TID = /^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/;
const NOW = new Date('2026-11-23T12:04:59.999Z');

describe('Bluesky record keys from idempotency keys', () => {
  it('are TIDs, the same for the same key and different for another', () => {
    const keys = Array.from({ length: 200 }, (_, i) => `target-${i}:segment-0:attempt-1`);
    const recordKeys = keys.map((key) => recordKeyFor(key, NOW));

    for (const recordKey of recordKeys) expect(recordKey).to.match(TID);
    expect(new Set(recordKeys).size).to.equal(keys.length);
    expect(recordKeyFor(keys[0] ?? '', NOW)).to.equal(recordKeys[0]);
  });

  it('stay the same for a call repeated within the same ten minutes', () => {
    const key = 'target-1:0:1';
    expect(recordKeyFor(key, new Date('2026-11-23T12:00:00.000Z'))).to.equal(recordKeyFor(key, NOW));
    expect(recordKeyFor(key, new Date('2026-11-23T12:10:00.000Z'))).to.not.equal(recordKeyFor(key, NOW));
  });

  it('carry a time in the past, never ahead of now, and at most RECORD_KEY_LAG_MS behind it', () => {
    for (let i = 0; i < 200; i += 1) {
      const now = new Date(NOW.getTime() + i * 7_919_000);
      const keyTime = recordKeyTime(recordKeyFor(`key-${i}`, now));
      if (keyTime === null) expect.fail('the record key is no TID');
      expect(keyTime.getTime()).to.be.below(now.getTime());
      expect(keyTime.getTime()).to.be.at.least(now.getTime() - RECORD_KEY_LAG_MS);
    }
  });

  it('give back their time, and no time for a key that is no TID', () => {
    // TID.fromTime(2024-01-01T00:00:00Z, clock id 0), as @atproto/common-web writes it.
    expect(recordKeyTime('3khuwc44c2222')?.toISOString().slice(0, 16)).to.equal('2024-01-01T00:00');
    expect(recordKeyTime('self')).to.equal(null);
  });
});
