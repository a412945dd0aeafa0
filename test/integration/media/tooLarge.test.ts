import fs from 'node:fs';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { expect } from 'chai';
import { makePng } from '../../support/mediaFiles';
import { expectNothingKept, type MediaWorld, startMediaWorld, uploadFile } from './mediaFixture';

const LIMIT = 200_000;

describe('media: a file over UPLOAD_MAX_BYTES is refused with 413, and nothing is kept', () => {
  let w: MediaWorld;
  let big: string;

  before(async function () {
    w = await startMediaWorld(this, { env: { UPLOAD_MAX_BYTES: String(LIMIT) } });
    // Random pixels do not compress: well over the limit as a PNG.
    big = `${w.files}/noise.png`;
    const sharp = (await import('sharp')).default;
    const noise = Buffer.alloc(400 * 400 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = Math.floor(Math.random() * 256);
    await sharp(noise, { raw: { width: 400, height: 400, channels: 3 } })
      .png()
      .toFile(big);
    expect(fs.statSync(big).size).to.be.greaterThan(LIMIT);
  });
  after(async () => w?.close());

  it('multipart: 413 PayloadTooLargeError', async () => {
    const res = await uploadFile(w, big, { contentType: 'image/png' });
    expect(res.status, JSON.stringify(res.body)).to.equal(413);
    expect(res.body.error.type).to.equal('PayloadTooLargeError');
    await expectNothingKept(w);
  });

  it('raw body: 413 PayloadTooLargeError', async () => {
    const res = await w.api.post(`${w.media}/upload?fileName=noise.png`).set(w.auth).set('Content-Type', 'image/png').send(fs.readFileSync(big));
    expect(res.status, JSON.stringify(res.body)).to.equal(413);
    expect(res.body.error.type).to.equal('PayloadTooLargeError');
    await expectNothingKept(w);
  });

  it('a body streamed without Content-Length: 413 once it passes the limit', async () => {
    const server = w.t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await streamChunked(port, `${w.media}/upload?fileName=stream.bin`, w.auth, LIMIT + 100_000);
      expect(answer.status, answer.body).to.equal(413);
      expect(JSON.parse(answer.body).error.type).to.equal('PayloadTooLargeError');
    } finally {
      server.close();
    }
    await expectNothingKept(w);
  });

  it('a file under the limit still goes in', async () => {
    const small = await makePng(w.files, 20, 20);
    const res = await uploadFile(w, small, { contentType: 'image/png' });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
  });
});

/** POSTs `bytes` in 16 KiB chunks with Transfer-Encoding: chunked (no Content-Length), until the server answers or all is sent. */
function streamChunked(port: number, path: string, headers: Record<string, string>, bytes: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method: 'POST', path, headers: { ...headers, 'Content-Type': 'application/octet-stream', 'Transfer-Encoding': 'chunked' } },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    let sent = 0;
    const next = (): void => {
      if (sent >= bytes || request.destroyed) {
        request.end();
        return;
      }
      sent += 16_384;
      request.write(Buffer.alloc(16_384, 7), () => setImmediate(next));
    };
    next();
  });
}
