import fs from 'node:fs';
import { expect } from 'chai';
import { DATABASE_KINDS } from '../../support/databases';
import { FixedClock } from '../../support/fixedClock';
import { makePng } from '../../support/mediaFiles';
import { fetchLink, type MediaJson, type MediaWorld, startMediaWorld, uploaded } from './mediaFixture';

const LINK_TTL_SECONDS = 60;

for (const kind of DATABASE_KINDS) {
  describe(`media: an image uploaded, read back and fetched through its signed link (${kind})`, () => {
    const clock = new FixedClock();
    let w: MediaWorld;
    let png: string;
    let bytes: Buffer;
    let item: MediaJson;

    before(async function () {
      w = await startMediaWorld(this, { kind, clock, env: { MEDIA_LINK_TTL_SECONDS: String(LINK_TTL_SECONDS) } });
      png = await makePng(w.files, 64, 48);
      bytes = fs.readFileSync(png);
      item = await uploaded(w, png, { contentType: 'image/png' });
    });
    after(async () => w?.close());

    it('answers 201 with the item ready, its facts read from the bytes', () => {
      expect(item).to.include({
        status: 'ready',
        origin: 'upload',
        fileName: 'image-64x48.png',
        kind: 'image',
        mimeType: 'image/png',
        width: 64,
        height: 48,
        sizeBytes: bytes.length,
        durationSeconds: null,
        failureReason: null,
      });
      expect(item.url).to.be.a('string');
    });

    it('gives the same item by id, and lists it', async () => {
      const got = await w.api.get(`${w.media}/${item.id}`).set(w.auth).expect(200);
      expect(got.body).to.include({ id: item.id, status: 'ready', mimeType: 'image/png', width: 64, height: 48 });
      const list = await w.api.get(w.media).set(w.auth).expect(200);
      expect(list.body).to.include({ total: 1, limit: 20, offset: 0 });
      expect(list.body.data.map((m: MediaJson) => m.id)).to.deep.equal([item.id]);
    });

    it('serves the very bytes uploaded at its link, without a credential', async () => {
      const res = await fetchLink(w, item.url!).expect(200);
      expect(res.headers['content-type']).to.equal('image/png');
      expect(Buffer.compare(res.body as Buffer, bytes)).to.equal(0);
    });

    it('serves a byte range as 206 with that slice', async () => {
      const res = await fetchLink(w, item.url!, 'bytes=10-29').expect(206);
      expect(res.headers['content-range']).to.equal(`bytes 10-29/${bytes.length}`);
      expect(Buffer.compare(res.body as Buffer, bytes.subarray(10, 30))).to.equal(0);
    });

    it('answers a range past the end of the file with 416 and the size, a range running past it with the rest', async () => {
      const beyond = await fetchLink(w, item.url!, `bytes=${bytes.length}-`).expect(416);
      expect(beyond.headers['content-range']).to.equal(`bytes */${bytes.length}`);
      const rest = await fetchLink(w, item.url!, `bytes=${bytes.length - 5}-${bytes.length + 100}`).expect(206);
      expect(rest.headers['content-range']).to.equal(`bytes ${bytes.length - 5}-${bytes.length - 1}/${bytes.length}`);
      expect(Buffer.compare(rest.body as Buffer, bytes.subarray(bytes.length - 5))).to.equal(0);
    });

    it('answers 404 to a link whose signature was tampered with', async () => {
      const link = new URL(item.url!);
      const signature = link.searchParams.get('signature')!;
      link.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`);
      await fetchLink(w, link.href).expect(404);
      const otherExpiry = new URL(item.url!);
      otherExpiry.searchParams.set('expires', String(Number(otherExpiry.searchParams.get('expires')) + 3600));
      await fetchLink(w, otherExpiry.href).expect(404);
    });

    it('answers 404 to a link once it has expired', async () => {
      const link = (await w.api.get(`${w.media}/${item.id}`).set(w.auth).expect(200)).body.url as string;
      clock.advanceSeconds(LINK_TTL_SECONDS - 1);
      await fetchLink(w, link).expect(200);
      clock.advanceSeconds(2);
      await fetchLink(w, link).expect(404);
    });
  });
}
