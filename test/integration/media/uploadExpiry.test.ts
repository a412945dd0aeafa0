import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { TOKENS as T } from '../../../config/tokens';
import { FixedClock } from '../../support/fixedClock';
import { filesUnder, type MediaWorld, startMediaWorld } from './mediaFixture';

const TTL_SECONDS = 600;
const PART = 1024;

describe('media: an abandoned resumable upload expires, and housekeeping removes its parts', () => {
  const clock = new FixedClock();
  let w: MediaWorld;

  before(async function () {
    w = await startMediaWorld(this, { clock, env: { MEDIA_PART_BYTES: String(PART), MEDIA_UPLOAD_TTL_SECONDS: String(TTL_SECONDS) } });
  });
  after(async () => w?.close());

  it('is kept until its expiry, then answers 404 and leaves nothing in the store once swept', async () => {
    const created = await w.api
      .post(`${w.media}/uploads`)
      .set(w.auth)
      .send({ sizeBytes: 3 * PART })
      .expect(201);
    const uploadPath = `${w.media}/uploads/${created.body.id}`;
    expect(created.body.expiresAt).to.equal(new Date(clock.now().getTime() + TTL_SECONDS * 1000).toISOString());
    await w.api.put(`${uploadPath}/parts/2`).set(w.auth).set('Content-Type', 'application/octet-stream').send(Buffer.alloc(PART, 2)).expect(200);
    const partsDir = path.join(w.dataDir, 'media', 'uploads', created.body.id);
    expect(filesUnder(partsDir)).to.have.length(1);

    clock.advanceSeconds(TTL_SECONDS - 1);
    expect((await w.t.composition.get(T.MediaHousekeeping).sweep()).uploads).to.equal(0);
    expect((await w.api.get(uploadPath).set(w.auth).expect(200)).body.partsReceived).to.deep.equal([2]);

    clock.advanceSeconds(2);
    await w.api.get(uploadPath).set(w.auth).expect(404);
    await w.api.put(`${uploadPath}/parts/1`).set(w.auth).set('Content-Type', 'application/octet-stream').send(Buffer.alloc(PART, 1)).expect(404);
    expect((await w.t.composition.get(T.MediaHousekeeping).sweep()).uploads).to.equal(1);
    expect(fs.existsSync(partsDir), 'the parts directory').to.equal(false);
    expect(filesUnder(path.join(w.dataDir, 'media'))).to.deep.equal([]);
  });
});
