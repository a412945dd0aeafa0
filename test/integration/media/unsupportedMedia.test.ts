import fs from 'node:fs';
import path from 'node:path';
import { makeTruncatedCopy, makeVideo } from '../../support/mediaFiles';
import { expectNothingKept, expectRefused, type MediaWorld, startMediaWorld, uploadFile } from './mediaFixture';

describe('media: bytes that are not an image or video the service accepts are refused, and nothing is kept', () => {
  let w: MediaWorld;

  before(async function () {
    w = await startMediaWorld(this);
  });
  after(async () => w?.close());

  it('a text file: 422 unsupported_media with the reason', async () => {
    const text = path.join(w.files, 'notes.png');
    fs.writeFileSync(text, 'Just some notes, not a picture at all.\n'.repeat(50));
    const res = await uploadFile(w, text, { contentType: 'image/png' });
    expectRefused(res, 'unsupported_media', 'file', /not an image or a video/);
    await expectNothingKept(w);
  });

  it('no body at all: 422 unsupported_media "the file is empty", not a word about multipart boundaries', async () => {
    const res = await w.api.post(`${w.media}/upload`).set(w.auth);
    expectRefused(res, 'unsupported_media', 'file', /the file is empty/);
    await expectNothingKept(w);
  });

  it('a video cut short: 422 unsupported_media with the reason', async () => {
    const video = await makeVideo(w.files, { seconds: 2, width: 320, height: 240, audio: false });
    const truncated = await makeTruncatedCopy(video, Math.floor(fs.statSync(video).size / 3));
    const res = await uploadFile(w, truncated, { contentType: 'video/mp4' });
    expectRefused(res, 'unsupported_media', 'file', /damaged or cut short/);
    await expectNothingKept(w);
  });
});
