import net from 'node:net';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import { expect } from 'chai';
import { filesUnder, type MediaWorld, startMediaWorld } from './mediaFixture';

const BOUNDARY = 'dispatch-test-boundary';
const PART = 8192;

describe('media: a client that goes away in the middle of its upload leaves nothing behind', () => {
  let w: MediaWorld;
  let server: ReturnType<MediaWorld['t']['app']['listen']>;
  let port: number;

  /** Sends the request head and the first 5000 bytes of a 100000-byte body, then drops the connection. */
  async function abandon(requestLine: string, headers: string, bodyStart = ''): Promise<void> {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `${requestLine} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${w.auth.Authorization}\r\n${headers}Content-Length: 100000\r\n\r\n${bodyStart}`,
    );
    socket.write('x'.repeat(5000));
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
  }

  /** Waits until no scratch file is left (the service cleans up as the aborted body fails), or gives up. */
  async function scratchCleared(): Promise<string[]> {
    const deadline = Date.now() + 3000;
    for (;;) {
      const left = filesUnder(path.join(w.dataDir, 'scratch'));
      if (left.length === 0 || Date.now() > deadline) return left;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  before(async function () {
    w = await startMediaWorld(this, { env: { MEDIA_PART_BYTES: String(PART) } });
    server = w.t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    server?.close();
    await w?.close();
  });

  it('a raw-body upload: no item, no scratch file', async () => {
    await abandon(`POST ${w.media}/upload?fileName=gone.mp4`, 'Content-Type: application/octet-stream\r\n');
    expect(await scratchCleared()).to.deep.equal([]);
    expect((await w.api.get(w.media).set(w.auth).expect(200)).body.total).to.equal(0);
  });

  it('a multipart upload: no item, no scratch file', async () => {
    const fileHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="gone.png"\r\nContent-Type: image/png\r\n\r\n`;
    await abandon(`POST ${w.media}/upload`, `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n`, fileHead);
    expect(await scratchCleared()).to.deep.equal([]);
    expect((await w.api.get(w.media).set(w.auth).expect(200)).body.total).to.equal(0);
  });

  it('a part of a resumable upload: not recorded, no partial file in the store', async () => {
    const created = await w.api
      .post(`${w.media}/uploads`)
      .set(w.auth)
      .send({ sizeBytes: 3 * PART })
      .expect(201);
    const uploadPath = `${w.media}/uploads/${created.body.id}`;
    await abandon(`PUT ${uploadPath}/parts/1`, 'Content-Type: application/octet-stream\r\n');
    const partsDir = path.join(w.dataDir, 'media', 'uploads', created.body.id);
    const deadline = Date.now() + 3000;
    while (filesUnder(partsDir).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(filesUnder(partsDir)).to.deep.equal([]);
    expect((await w.api.get(uploadPath).set(w.auth).expect(200)).body.partsReceived).to.deep.equal([]);
  });
});
