import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { makePngBomb } from '../../support/imageBombs';
import { makePng, makeVideo } from '../../support/mediaFiles';
import { expectNothingKept, expectRefused, type MediaWorld, startMediaWorld, uploadFile } from './mediaFixture';

/** Issue 19: a file's size in pixels, frames and seconds is checked from its header, before anything is decoded. */
describe('media: images and videos too large to decode are refused from their headers, and nothing is kept', () => {
  describe('with the default limits', () => {
    let w: MediaWorld;
    before(async function () {
      w = await startMediaWorld(this);
    });
    after(async () => w?.close());

    it('a 31 KB PNG that decodes to 16000×16000 pixels: 422 unsupported_media naming its size and the limit', async () => {
      const bomb = await makePngBomb(w.files);
      const res = await uploadFile(w, bomb, { contentType: 'image/png' });
      expectRefused(res, 'unsupported_media', 'file', /the image is 16000×16000 \(256,000,000 pixels\), more than the 120,000,000 pixels the service accepts/);
      await expectNothingKept(w);
    });

    it("one past sharp's own pixel limit (20000×20000) is told its size too, not that it may be damaged", async () => {
      const bomb = await makePngBomb(w.files, { width: 20_000, height: 20_000 });
      const res = await uploadFile(w, bomb, { contentType: 'image/png' });
      expectRefused(res, 'unsupported_media', 'file', /the image is 20000×20000 \(400,000,000 pixels\), more than the 120,000,000 pixels the service accepts/);
      await expectNothingKept(w);
    });
  });

  describe('with the limits lowered (MEDIA_MAX_IMAGE_PIXELS, MEDIA_MAX_VIDEO_PIXELS, MEDIA_MAX_VIDEO_SECONDS)', () => {
    let w: MediaWorld;
    before(async function () {
      w = await startMediaWorld(this, { env: { MEDIA_MAX_IMAGE_PIXELS: '10000', MEDIA_MAX_VIDEO_PIXELS: '10000', MEDIA_MAX_VIDEO_SECONDS: '1' } });
    });
    after(async () => w?.close());

    it('an image of exactly the limit is taken', async () => {
      const res = await uploadFile(w, await makePng(w.files, 100, 100), { contentType: 'image/png' });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      await w.api.delete(`${w.media}/${res.body.id}`).set(w.auth).expect(204);
    });

    it('an animated GIF whose frames are each within the limit but not all together: 422 naming its frames', async () => {
      const frames = 10;
      const pixels = Buffer.alloc(40 * 40 * frames * 3);
      for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(i / (40 * 40 * 3)) * 25;
      const gif = path.join(w.files, 'animation.gif');
      await sharp(pixels, { raw: { width: 40, height: 40 * frames, channels: 3, pageHeight: 40 } })
        .gif()
        .toFile(gif);
      expect((await sharp(gif).metadata()).pages, 'the fixture is animated').to.equal(frames);
      const res = await uploadFile(w, gif, { contentType: 'image/gif' });
      expectRefused(res, 'unsupported_media', 'file', /an animation of 10 frames of 40×40 \(16,000 pixels\), more than the 10,000 pixels the service accepts/);
      await expectNothingKept(w);
    });

    it('a video whose frames have more pixels than the limit: 422 naming its size', async () => {
      const video = await makeVideo(w.files, { seconds: 1, width: 160, height: 120, audio: false });
      const res = await uploadFile(w, video, { contentType: 'video/mp4' });
      expectRefused(res, 'unsupported_media', 'file', /the video's frames are 160×120 \(19,200 pixels\), more than the 10,000 pixels per frame/);
      await expectNothingKept(w);
    });

    it('a video longer than the limit: 422 naming its length', async () => {
      const video = await makeVideo(w.files, { seconds: 2, width: 80, height: 60, audio: false });
      const res = await uploadFile(w, video, { contentType: 'video/mp4' });
      expectRefused(res, 'unsupported_media', 'file', /the video is 2 s long, longer than the 1 s the service accepts/);
      await expectNothingKept(w);
    });
  });
});
