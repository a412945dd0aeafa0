import { expect } from 'chai';
import { loadConfig } from '../../../config/env';

describe('config: the media inspector’s limits (MEDIA_MAX_IMAGE_PIXELS, MEDIA_MAX_VIDEO_PIXELS, MEDIA_MAX_VIDEO_SECONDS, MEDIA_INSPECTION_CONCURRENCY)', () => {
  it('defaults to 120 MP images, 8192×8192 video frames, 12 hours of video, two files at once', () => {
    expect(loadConfig({}).media.inspection).to.deep.equal({
      maxImagePixels: 120_000_000,
      maxVideoPixels: 67_108_864,
      maxVideoSeconds: 43_200,
      concurrency: 2,
    });
  });

  it('takes the operator’s values, and refuses ones out of range naming the setting', () => {
    const env = { MEDIA_MAX_IMAGE_PIXELS: '50000000', MEDIA_MAX_VIDEO_PIXELS: '8294400', MEDIA_MAX_VIDEO_SECONDS: '3600', MEDIA_INSPECTION_CONCURRENCY: '1' };
    expect(loadConfig(env).media.inspection).to.deep.equal({ maxImagePixels: 50_000_000, maxVideoPixels: 8_294_400, maxVideoSeconds: 3600, concurrency: 1 });
    expect(() => loadConfig({ MEDIA_INSPECTION_CONCURRENCY: '0' })).to.throw(/MEDIA_INSPECTION_CONCURRENCY/);
    // ffmpeg's -max_pixels stops at INT_MAX.
    expect(() => loadConfig({ MEDIA_MAX_VIDEO_PIXELS: String(2 ** 31) })).to.throw(/MEDIA_MAX_VIDEO_PIXELS/);
    expect(() => loadConfig({ MEDIA_MAX_IMAGE_PIXELS: 'lots' })).to.throw(/MEDIA_MAX_IMAGE_PIXELS/);
  });
});
