import { expect } from 'chai';
import { decodeTime, isValid } from 'ulid';
import { pooledRandom, UlidIdGenerator } from '../../../../adapters/outbound/crypto/UlidIdGenerator';

describe('UlidIdGenerator', () => {
  it('gives valid ULIDs of the current time, each greater than the one before, across many pool refills', () => {
    const ids = new UlidIdGenerator();
    const before = Date.now();
    const made = Array.from({ length: 5_000 }, () => ids.next());
    for (const id of made) expect(isValid(id), id).to.equal(true);
    for (let i = 1; i < made.length; i++) expect(made[i]! > made[i - 1]!, `${made[i - 1]} then ${made[i]}`).to.equal(true);
    expect(new Set(made).size).to.equal(made.length);
    expect(decodeTime(made[0]!)).to.be.within(before, Date.now());
  });

  it("draws the random part as the library's default does: whole bytes over 256, every value reachable, refilled past the pool", () => {
    const random = pooledRandom(64);
    const seen = new Set<number>();
    for (let i = 0; i < 64 * 400; i++) {
      const value = random();
      expect(value).to.be.within(0, 255 / 256);
      expect(Number.isInteger(value * 256)).to.equal(true);
      seen.add(value);
    }
    expect(seen.size).to.equal(256);
  });
});
