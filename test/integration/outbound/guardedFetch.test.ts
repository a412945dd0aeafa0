import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { guardedFetch } from '../../../adapters/outbound/http/guardedFetch';
import { OutboundAddressGuard } from '../../../adapters/outbound/http/OutboundAddressGuard';

describe('guardedFetch: the fetch an SDK calls a user-named server with', () => {
  let server: Server;
  let url: string;
  let firstArrived: () => void = () => undefined;
  before(async () => {
    server = createServer((req, res) => {
      const hash = createHash('sha256');
      let bytes = 0;
      req.on('data', (chunk: Buffer) => {
        if (bytes === 0) firstArrived();
        bytes += chunk.length;
        hash.update(chunk);
      });
      req.on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ bytes, sha256: hash.digest('hex') })));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload`;
  });
  after(() => new Promise((resolve) => server.close(resolve)));

  it('streams a request body on as it is read (a video is never held whole) and answers the server’s response', async function () {
    this.timeout(5000);
    const content = randomBytes(4 * 1024 * 1024);
    const arrived = new Promise<void>((resolve) => {
      firstArrived = resolve;
    });
    // The rest is produced only once the server has the first bytes: a fetch that read the whole
    // body before sending would wait here for ever (and the test time out).
    const chunks = (async function* () {
      yield content.subarray(0, 64 * 1024);
      await arrived;
      for (let at = 64 * 1024; at < content.length; at += 64 * 1024) yield content.subarray(at, at + 64 * 1024);
    })();
    const fetch = guardedFetch(new OutboundAddressGuard({ allowPrivateAddresses: true }));
    const res = await fetch(url, { method: 'POST', body: Readable.toWeb(Readable.from(chunks)) as ReadableStream, duplex: 'half' } as RequestInit);
    expect(res.status).to.equal(200);
    expect(await res.json()).to.deep.equal({ bytes: content.length, sha256: createHash('sha256').update(content).digest('hex') });
  });

  it('refuses a loopback address unless the operator allows private addresses', async () => {
    const fetch = guardedFetch(new OutboundAddressGuard({ allowPrivateAddresses: false }));
    const failed = await fetch(url, { method: 'POST', body: 'x' }).catch((error: unknown) => error);
    expect(failed).to.be.instanceOf(Error);
    expect(String((failed as Error).message)).to.match(/private|loopback|not allowed|refused/i);
  });
});
