import { expect } from 'chai';
import { MediaItem } from '../../../../domain/media/MediaItem';

const received = (fileName: string | null) =>
  MediaItem.receive({
    id: '01J0000000000000000000000M',
    workspaceId: '01J0000000000000000000000W',
    createdByUserId: null,
    origin: 'upload',
    fileName,
    sourceUrl: null,
    now: new Date(0),
  }).toSnapshot().fileName;

describe('MediaItem: the file name shown', () => {
  it('keeps the last path part, without control characters', () => {
    expect(received('C:\\photos\\a\u0007b.jpg')).to.equal('ab.jpg');
    expect(received(' \u0001 ')).to.equal(null);
  });

  it('keeps at most 200 characters, never half of one (an emoji across the cut stays whole or goes)', () => {
    const name = received(`${'a'.repeat(199)}😀😀.jpg`)!;
    expect(Array.from(name)).to.have.length(200);
    expect(name.endsWith('😀')).to.equal(true);
    expect(name).to.not.match(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
