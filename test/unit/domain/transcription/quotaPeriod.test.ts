import { expect } from 'chai';
import { freeMonth, paidPeriod } from '../../../../domain/transcription/QuotaPeriod';
import { reelIdOf } from '../../../../domain/transcription/Transcription';

describe('transcription quota periods', () => {
  it('the free period is the calendar month in UTC, December rolling into January', () => {
    const p = freeMonth(new Date('2026-12-31T23:59:59.999Z'), 10);
    expect(p).to.deep.equal({ key: 'free:2026-12', end: new Date('2027-01-01T00:00:00.000Z'), limit: 10 });
    expect(freeMonth(new Date('2027-01-01T00:00:00.000Z'), 10).key).to.equal('free:2027-01');
  });

  it("a paid period ends at the subscription's period end, rolling over a month at a time once it passed", () => {
    const end = new Date('2026-03-15T10:00:00.000Z');
    expect(paidPeriod(end, new Date('2026-03-01T00:00:00Z'), 150)).to.deep.equal({ key: `paid:${end.getTime()}`, end, limit: 150 });
    const rolled = paidPeriod(end, new Date('2026-05-20T00:00:00Z'), 150);
    expect(rolled.end.toISOString()).to.equal('2026-06-15T10:00:00.000Z');
    expect(rolled.key).to.not.equal(`paid:${end.getTime()}`);
  });
});

describe('reelIdOf', () => {
  it('takes the last path segment of Instagram, TikTok and YouTube Shorts URLs', () => {
    expect(reelIdOf('https://www.instagram.com/reel/Cx9AbC_12/')).to.equal('Cx9AbC_12');
    expect(reelIdOf('https://www.tiktok.com/@someone/video/7301234567890123456?lang=en')).to.equal('7301234567890123456');
    expect(reelIdOf('https://youtube.com/shorts/dQw4w9WgXcQ')).to.equal('dQw4w9WgXcQ');
  });

  it('hashes a URL without a usable last segment, the same URL to the same id', () => {
    const id = reelIdOf('https://cdn.example.com/');
    expect(id).to.match(/^[0-9a-f]{16}$/);
    expect(reelIdOf('https://cdn.example.com/')).to.equal(id);
    expect(reelIdOf('https://cdn.example.com/clip.mp4')).to.match(/^[0-9a-f]{16}$/);
  });
});
