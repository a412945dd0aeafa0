import { expect } from 'chai';
import { formatBytes, formatDuration } from '../../../../domain/media/MediaUnits';

describe('MediaUnits', () => {
  it('writes sizes in decimal units, one decimal at most', () => {
    const cases: [number, string][] = [
      [900, '900 bytes'],
      [512_000, '512 KB'],
      [999_999, '1 MB'],
      [1_000_000, '1 MB'],
      [12_400_000, '12.4 MB'],
      [999_990_000, '1 GB'],
      [2_000_000_000, '2 GB'],
    ];
    for (const [bytes, text] of cases) expect(formatBytes(bytes), String(bytes)).to.equal(text);
  });

  it('writes durations in seconds, minutes and hours', () => {
    const cases: [number, string][] = [
      [0.5, '0.5 s'],
      [45, '45 s'],
      [59.97, '1 min'],
      [140, '2 min 20 s'],
      [180, '3 min'],
      [3599.6, '1 h'],
      [4000, '1 h 7 min'],
      [43_200, '12 h'],
    ];
    for (const [seconds, text] of cases) expect(formatDuration(seconds), String(seconds)).to.equal(text);
  });
});
