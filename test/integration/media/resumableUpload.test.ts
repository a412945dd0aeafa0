import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { makeVideo } from '../../support/mediaFiles';
import { expectRefused, fetchLink, filesUnder, type MediaWorld, settled, startMediaWorld } from './mediaFixture';

const PART = 1024;

describe('media: a resumable upload, parts in any order, retried, checked, then completed', () => {
  let w: MediaWorld;
  let bytes: Buffer;
  let upload: { id: string; partCount: number; partSizeBytes: number; sizeBytes: number };
  let uploadPath: string;

  const partOf = (n: number) => bytes.subarray((n - 1) * PART, n * PART);
  const putPart = (n: number, body: Buffer = partOf(n)) =>
    w.api.put(`${uploadPath}/parts/${n}`).set(w.auth).set('Content-Type', 'application/octet-stream').send(body);

  before(async function () {
    w = await startMediaWorld(this, { env: { MEDIA_PART_BYTES: String(PART) } });
    bytes = fs.readFileSync(await makeVideo(w.files, { seconds: 2, width: 320, height: 240, audio: true }));
  });
  after(async () => w?.close());

  it('is created for the whole size, with the part size and count to send', async () => {
    const res = await w.api.post(`${w.media}/uploads`).set(w.auth).send({ sizeBytes: bytes.length, fileName: 'clip.mp4' }).expect(201);
    upload = res.body;
    uploadPath = `${w.media}/uploads/${upload.id}`;
    expect(res.body).to.include({ sizeBytes: bytes.length, partSizeBytes: PART, partCount: Math.ceil(bytes.length / PART), fileName: 'clip.mp4' });
    expect(res.body.partsReceived).to.deep.equal([]);
    expect(upload.partCount).to.be.greaterThan(3);
  });

  it('takes every part but the first in reverse order, one of them twice', async () => {
    for (let n = upload.partCount; n >= 2; n--) {
      const res = await putPart(n).expect(200);
      expect(res.body).to.deep.equal({ partNumber: n, sizeBytes: partOf(n).length });
    }
    await putPart(2).expect(200);
    const status = await w.api.get(uploadPath).set(w.auth).expect(200);
    expect(status.body.partsReceived).to.deep.equal(Array.from({ length: upload.partCount - 1 }, (_, i) => i + 2));
  });

  it('refuses a part of the wrong size, and a part number beyond the count (422)', async () => {
    expectRefused(await putPart(1, partOf(1).subarray(0, PART - 10)), 'invalid_part_size', 'body', new RegExp(`exactly ${PART} bytes`));
    expectRefused(await putPart(1, Buffer.concat([partOf(1), Buffer.alloc(10)])), 'invalid_part_size', 'body', new RegExp(`exactly ${PART} bytes`));
    expectRefused(await putPart(upload.partCount + 1, partOf(1)), 'invalid_part', 'partNumber', new RegExp(`from 1 to ${upload.partCount}`));
    // A refused retry of a part already received keeps the received one (checked when completing).
    expectRefused(await putPart(2, Buffer.concat([partOf(2), Buffer.alloc(10)])), 'invalid_part_size', 'body', new RegExp(`exactly ${PART} bytes`));
    const status = await w.api.get(uploadPath).set(w.auth).expect(200);
    expect(status.body.partsReceived).to.not.include(1);
    expect(status.body.partsReceived).to.include(2);
  });

  it('refuses to complete while a part is missing: 409 upload_incomplete naming it', async () => {
    const res = await w.api.post(`${uploadPath}/complete`).set(w.auth).expect(409);
    expect(res.body.error).to.include({ type: 'ConflictError', code: 'upload_incomplete' });
    expect(res.body.error.message).to.match(/parts 1 have not been received/);
  });

  it('completes once every part is in: 202 processing, then ready with the facts a direct upload gives', async () => {
    await putPart(1).expect(200);
    const completed = await w.api.post(`${uploadPath}/complete`).set(w.auth).expect(202);
    expect(completed.body).to.include({ status: 'processing', origin: 'resumable', fileName: 'clip.mp4', kind: null, url: null });

    const item = await settled(w, completed.body.id);
    expect(item).to.include({
      status: 'ready',
      kind: 'video',
      mimeType: 'video/mp4',
      width: 320,
      height: 240,
      videoCodec: 'h264',
      audioCodec: 'aac',
      sizeBytes: bytes.length,
    });
    expect(item.durationSeconds).to.be.closeTo(2, 0.2);
    const served = (await fetchLink(w, item.url!).expect(200)).body as Buffer;
    expect(Buffer.compare(served, bytes)).to.equal(0);
  });

  it('is gone afterwards: 404, and its parts removed from the store', async () => {
    await w.api.get(uploadPath).set(w.auth).expect(404);
    await w.api.post(`${uploadPath}/complete`).set(w.auth).expect(404);
    expect(filesUnder(path.join(w.dataDir, 'media', 'uploads'))).to.deep.equal([]);
  });
});
