import fs from 'node:fs';
import { expect } from 'chai';
import { makeVideo } from '../../support/mediaFiles';
import { type MediaWorld, startMediaWorld, uploaded } from './mediaFixture';

describe('media: a short video uploaded, as a multipart form or as the raw body', () => {
  let w: MediaWorld;
  let video: string;

  before(async function () {
    w = await startMediaWorld(this);
    video = await makeVideo(w.files, { seconds: 2, width: 320, height: 240, audio: true });
  });
  after(async () => w?.close());

  it('multipart: ready, with its duration, size and codecs read from the file', async () => {
    const item = await uploaded(w, video, { contentType: 'video/mp4' });
    expect(item).to.include({ status: 'ready', kind: 'video', mimeType: 'video/mp4', width: 320, height: 240, videoCodec: 'h264', audioCodec: 'aac' });
    expect(item.durationSeconds).to.be.closeTo(2, 0.2);
    expect(item.sizeBytes).to.equal(fs.statSync(video).size);
  });

  it('multipart: a file name in UTF-8 is kept as sent, not read as Latin-1', async () => {
    const item = await uploaded(w, video, { contentType: 'video/mp4', fileName: 'vacances été 日本.mp4' });
    expect(item.fileName).to.equal('vacances été 日本.mp4');
  });

  it('raw body with ?fileName=: the same facts, under the name given', async () => {
    const res = await w.api
      .post(`${w.media}/upload?fileName=${encodeURIComponent('holiday clip.mp4')}`)
      .set(w.auth)
      .set('Content-Type', 'video/mp4')
      .send(fs.readFileSync(video))
      .expect(201);
    expect(res.body).to.include({
      status: 'ready',
      fileName: 'holiday clip.mp4',
      kind: 'video',
      videoCodec: 'h264',
      audioCodec: 'aac',
      width: 320,
      height: 240,
    });
    expect(res.body.durationSeconds).to.be.closeTo(2, 0.2);
  });
});
