import { expect } from 'chai';
import { makePng } from '../../support/mediaFiles';
import { type MediaWorld, startMediaWorld, uploaded } from './mediaFixture';

describe("media: the bytes decide what a file is, not its name or the client's Content-Type", () => {
  let w: MediaWorld;

  before(async function () {
    w = await startMediaWorld(this);
  });
  after(async () => w?.close());

  it('a PNG sent as clip.mp4 with Content-Type video/mp4 is stored as an image/png', async () => {
    const png = await makePng(w.files, 30, 20);
    const item = await uploaded(w, png, { fileName: 'clip.mp4', contentType: 'video/mp4' });
    expect(item).to.include({ status: 'ready', fileName: 'clip.mp4', kind: 'image', mimeType: 'image/png', width: 30, height: 20, durationSeconds: null });
    const got = await w.api.get(`${w.media}/${item.id}`).set(w.auth).expect(200);
    expect(got.body).to.include({ kind: 'image', mimeType: 'image/png' });
  });
});
