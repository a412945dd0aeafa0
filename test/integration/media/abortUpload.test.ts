import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { filesUnder, type MediaWorld, startMediaWorld } from './mediaFixture';

const PART = 1024;

describe('media: a resumable upload the client abandons', () => {
  let w: MediaWorld;

  before(async function () {
    w = await startMediaWorld(this, { env: { MEDIA_PART_BYTES: String(PART) } });
  });
  after(async () => w?.close());

  it('is removed with its parts by DELETE (204); it then answers 404 and makes no item', async () => {
    const created = await w.api
      .post(`${w.media}/uploads`)
      .set(w.auth)
      .send({ sizeBytes: 2 * PART })
      .expect(201);
    const uploadPath = `${w.media}/uploads/${created.body.id}`;
    await w.api.put(`${uploadPath}/parts/1`).set(w.auth).set('Content-Type', 'application/octet-stream').send(Buffer.alloc(PART, 1)).expect(200);
    expect(filesUnder(path.join(w.dataDir, 'media', 'uploads', created.body.id))).to.have.length(1);

    await w.api.delete(uploadPath).set(w.auth).expect(204);
    await w.api.get(uploadPath).set(w.auth).expect(404);
    await w.api.post(`${uploadPath}/complete`).set(w.auth).expect(404);
    expect(fs.existsSync(path.join(w.dataDir, 'media', 'uploads', created.body.id))).to.equal(false);
    expect((await w.api.get(w.media).set(w.auth).expect(200)).body.total).to.equal(0);
  });
});
