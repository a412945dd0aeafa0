import { expect } from 'chai';
import { recordKeyFor } from '../../../../../adapters/outbound/platforms/bluesky/recordKeyFor';

/** A TID as the AT Protocol writes one: 13 sortable base32 characters, the top bit clear. */
const TID = /^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/;

describe('Bluesky record keys from idempotency keys', () => {
  it('are TIDs, the same for the same key and different for another', () => {
    const keys = Array.from({ length: 200 }, (_, i) => `target-${i}:segment-0:attempt-1`);
    const recordKeys = keys.map(recordKeyFor);

    for (const recordKey of recordKeys) expect(recordKey).to.match(TID);
    expect(new Set(recordKeys).size).to.equal(keys.length);
    expect(recordKeyFor(keys[0] ?? '')).to.equal(recordKeys[0]);
  });

  it('carry a timestamp in the past, never one ahead of now', () => {
    for (let i = 0; i < 200; i += 1) {
      const recordKey = recordKeyFor(`key-${i}`);
      const value = [...recordKey].reduce((sum, char) => sum * 32n + BigInt('234567abcdefghijklmnopqrstuvwxyz'.indexOf(char)), 0n);
      expect(Number(value >> 10n) / 1000).to.be.below(Date.now());
    }
  });
});
