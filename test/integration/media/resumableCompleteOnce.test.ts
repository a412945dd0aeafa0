import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { type Response } from 'supertest';
import { DATABASE_KINDS } from '../../support/databases';
import { filesUnder, type MediaWorld, settled, startMediaWorld } from './mediaFixture';

const PART = 1024;
const ROUNDS = 10;

/** A small PNG of noise (a few KB, so a few parts): flat colour would compress into one. */
async function noisePng(dir: string): Promise<Buffer> {
  const pixels = Buffer.alloc(32 * 32 * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + (i >> 3) * 104729) % 251;
  const bytes = await sharp(pixels, { raw: { width: 32, height: 32, channels: 3 } })
    .png()
    .toBuffer();
  fs.writeFileSync(path.join(dir, 'noise.png'), bytes);
  return bytes;
}

const is2xx = (res: Response) => res.status >= 200 && res.status < 300;

/** The body every loser gets: the one a second complete (or a DELETE after it) gets (docs/errors.md). */
function expectUploadGone(res: Response): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(404);
  expect(res.body.error).to.include({ type: 'NotFoundError', code: 'upload_not_found' });
}

for (const kind of DATABASE_KINDS) {
  describe(`media: a resumable upload completes once, whoever else asks at the same time (${kind})`, () => {
    let w: MediaWorld;
    let bytes: Buffer;
    const storedItems = () => filesUnder(path.join(w.t.config.media.directory, w.ws));
    const partsLeft = (uploadId: string) => filesUnder(path.join(w.t.config.media.directory, 'uploads', uploadId));
    const itemIds = async () => ((await w.api.get(`${w.media}?limit=100`).set(w.auth).expect(200)).body.data as { id: string }[]).map((m) => m.id);

    /** An upload with every part sent: its path. */
    async function readyToComplete(): Promise<{ id: string; path: string }> {
      const created = await w.api.post(`${w.media}/uploads`).set(w.auth).send({ sizeBytes: bytes.length, fileName: 'noise.png' }).expect(201);
      const uploadPath = `${w.media}/uploads/${created.body.id}`;
      for (let n = 1; n <= created.body.partCount; n++) {
        const part = bytes.subarray((n - 1) * PART, n * PART);
        await w.api.put(`${uploadPath}/parts/${n}`).set(w.auth).set('Content-Type', 'application/octet-stream').send(part).expect(200);
      }
      return { id: created.body.id, path: uploadPath };
    }

    before(async function () {
      w = await startMediaWorld(this, { kind, env: { MEDIA_PART_BYTES: String(PART) } });
      bytes = await noisePng(w.files);
      expect(Math.ceil(bytes.length / PART)).to.be.greaterThan(1);
    });
    after(async () => w?.close());

    it('eight completes at once, five rounds: one 202 and seven 404 upload_not_found each, one item, one stored file', async () => {
      const made: string[] = [];
      for (let round = 0; round < 5; round++) {
        const upload = await readyToComplete();
        const answers = await Promise.all(Array.from({ length: 8 }, () => w.api.post(`${upload.path}/complete`).set(w.auth)));
        const statuses = `round ${round}: ${answers.map((res) => res.status).join(' ')}`;

        const won = answers.filter(is2xx);
        expect(
          won.map((res) => res.status),
          statuses,
        ).to.deep.equal([202]);
        for (const lost of answers.filter((res) => !is2xx(res))) expectUploadGone(lost);

        const item = await settled(w, won[0]!.body.id);
        expect(item).to.include({ status: 'ready', kind: 'image', sizeBytes: bytes.length, origin: 'resumable' });
        made.push(item.id);
        expect((await itemIds()).sort(), statuses).to.deep.equal([...made].sort());
        expect(storedItems().sort(), statuses).to.deep.equal([...made].sort());
        expect(partsLeft(upload.id)).to.deep.equal([]);
        await w.api.get(upload.path).set(w.auth).expect(404);
      }
    });

    it(`complete racing DELETE, ${ROUNDS} rounds: one winner each round, the state the winner's`, async () => {
      const before = await itemIds();
      const made: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const upload = await readyToComplete();
        // A complete reads the upload and its parts before it claims; a DELETE only claims, so it
        // wins most even starts. Odd rounds send the DELETE first; even ones send the complete first
        // and the DELETE 0 to 8 ms later, so that each wins some rounds on either database.
        const complete = () => w.api.post(`${upload.path}/complete`).set(w.auth);
        const abort = () => w.api.delete(upload.path).set(w.auth);
        const late = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)).then(abort);
        const [completed, aborted] = round % 2 === 0 ? await Promise.all([complete(), late(round)]) : (await Promise.all([abort(), complete()])).reverse();
        const statuses = `round ${round}: complete ${completed!.status}, delete ${aborted!.status}`;
        expect([completed!, aborted!].filter(is2xx), statuses).to.have.length(1);

        if (is2xx(completed!)) {
          expect(completed!.status).to.equal(202);
          expectUploadGone(aborted!);
          // Its parts were still there to be joined: DELETE, having lost, removed none of them.
          const item = await settled(w, completed!.body.id);
          expect(item, statuses).to.include({ status: 'ready', sizeBytes: bytes.length });
          made.push(item.id);
        } else {
          expect(aborted!.status).to.equal(204);
          expectUploadGone(completed!);
        }
        expect((await itemIds()).sort(), statuses).to.deep.equal([...before, ...made].sort());
        expect(storedItems().sort(), statuses).to.deep.equal([...before, ...made].sort());
        expect(partsLeft(upload.id), statuses).to.deep.equal([]);
        await w.api.get(upload.path).set(w.auth).expect(404);
      }
    });
  });
}
