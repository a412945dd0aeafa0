import fs from 'node:fs';
import { expect } from 'chai';
import { LocalHttpServer } from '../../support/localHttpServer';
import { makePng } from '../../support/mediaFiles';
import { expectRefused, fetchLink, type MediaWorld, settled, startMediaWorld } from './mediaFixture';

/** A local server answering every request with `png`. */
const servingPng = (png: Buffer) =>
  LocalHttpServer.start('127.0.0.1', (_request, response) => {
    response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': png.length });
    response.end(png);
  });

describe('media: import from a URL, allowed to reach private addresses (OUTBOUND_ALLOW_PRIVATE_ADDRESSES=true)', () => {
  let w: MediaWorld;
  let server: LocalHttpServer;
  let png: Buffer;

  before(async function () {
    w = await startMediaWorld(this, { env: { OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'true' } });
    png = fs.readFileSync(await makePng(w.files, 50, 40));
    server = await servingPng(png);
  });
  after(async () => {
    await server?.stop();
    await w?.close();
  });

  it('answers 202 processing at once, then the item is ready with the bytes served', async () => {
    const url = server.url('/pictures/cat.png');
    const res = await w.api.post(`${w.media}/imports`).set(w.auth).send({ url }).expect(202);
    expect(res.body).to.include({ status: 'processing', origin: 'import', sourceUrl: url, fileName: 'cat.png', url: null });

    const item = await settled(w, res.body.id);
    expect(item).to.include({ status: 'ready', kind: 'image', mimeType: 'image/png', width: 50, height: 40, sizeBytes: png.length });
    expect(server.requests).to.equal(1);
    expect(Buffer.compare((await fetchLink(w, item.url!).expect(200)).body as Buffer, png)).to.equal(0);
  });
});

describe('media: import from a URL, with the default outbound guard', () => {
  let w: MediaWorld;
  let server: LocalHttpServer;

  before(async function () {
    w = await startMediaWorld(this);
    server = await servingPng(fs.readFileSync(await makePng(w.files, 10, 10)));
  });
  after(async () => {
    await server?.stop();
    await w?.close();
  });

  it('a private address: 202, then failed with a reason naming it, and the server never asked', async () => {
    const url = server.url('/x.png');
    const res = await w.api.post(`${w.media}/imports`).set(w.auth).send({ url }).expect(202);
    const item = await settled(w, res.body.id);
    expect(item).to.include({ status: 'failed', kind: null, url: null });
    expect(item.failureReason)
      .to.include('127.0.0.1')
      .and.match(/public addresses/);
    expect(server.requests).to.equal(0);
  });

  it('a URL whose name has a broken escape: 202, named as written (not a 500)', async () => {
    const res = await w.api
      .post(`${w.media}/imports`)
      .set(w.auth)
      .send({ url: server.url('/%E0%A4%A.png') })
      .expect(202);
    expect(res.body).to.include({ status: 'processing', fileName: '%E0%A4%A.png' });
    await settled(w, res.body.id);
  });

  it('a URL that is not http or https: 422 invalid_url, and no item', async () => {
    const res = await w.api.post(`${w.media}/imports`).set(w.auth).send({ url: 'ftp://example.com/cat.png' });
    expectRefused(res, 'invalid_url', 'url', /http or https/);
    const list = await w.api.get(w.media).set(w.auth).expect(200);
    expect(list.body.data.map((m: { sourceUrl: string }) => m.sourceUrl)).to.not.include('ftp://example.com/cat.png');
  });
});
