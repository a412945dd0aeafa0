import fs from 'node:fs';
import { expect } from 'chai';
import sharp from 'sharp';
import { exifHasGps, makeJpegWithLocation } from '../../support/mediaFiles';
import { fetchLink, type MediaWorld, startMediaWorld, uploaded } from './mediaFixture';

describe('media: a photo loses its GPS location when uploaded', () => {
  let w: MediaWorld;

  before(async function () {
    w = await startMediaWorld(this);
  });
  after(async () => w?.close());

  it('the file served at its link has no GPS data; the photo was sent with some', async () => {
    const jpeg = await makeJpegWithLocation(w.files);
    expect(exifHasGps((await sharp(fs.readFileSync(jpeg)).metadata()).exif), 'the file sent has a location').to.equal(true);

    const item = await uploaded(w, jpeg, { contentType: 'image/jpeg' });
    expect(item).to.include({ status: 'ready', kind: 'image', mimeType: 'image/jpeg' });

    const served = (await fetchLink(w, item.url!).expect(200)).body as Buffer;
    const metadata = await sharp(served).metadata();
    expect(metadata.format).to.equal('jpeg');
    expect(exifHasGps(metadata.exif)).to.equal(false);
    expect(item.sizeBytes).to.equal(served.length);
  });
});
