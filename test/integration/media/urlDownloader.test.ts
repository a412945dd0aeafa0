import { buffer } from 'node:stream/consumers';
import { expect } from 'chai';
import { type Download, type DownloadFailure, type DownloadLimits } from '../../../application/ports/UrlDownloader';
import { DownloadFailedError } from '../../../adapters/outbound/http/DownloadFailedError';
import { GuardedUrlDownloader } from '../../../adapters/outbound/http/GuardedUrlDownloader';
import { OutboundAddressGuard, type OutboundAddressPolicy } from '../../../adapters/outbound/http/OutboundAddressGuard';
import { type Handler, LocalHttpServer } from '../../support/localHttpServer';

const LIMITS: DownloadLimits = { maxBytes: 1024, timeoutMs: 5_000 };
const PAYLOAD = Buffer.from('GIF89a: not really a picture, but bytes all the same');

function downloader(policy: OutboundAddressPolicy): GuardedUrlDownloader {
  return new GuardedUrlDownloader(new OutboundAddressGuard(policy));
}

function failure(download: Download): DownloadFailure {
  if (download.ok) {
    download.body.destroy();
    throw new Error('expected the download to fail');
  }
  return download.failure;
}

/** The error the body of a started download fails with (the test fails if it ends). */
async function bodyFailure(download: Download): Promise<DownloadFailedError> {
  if (!download.ok) throw new Error(`expected the download to start, got ${download.failure.kind}: ${download.failure.reason}`);
  try {
    await buffer(download.body);
  } catch (error) {
    expect(error).to.be.instanceOf(DownloadFailedError);
    return error as DownloadFailedError;
  }
  throw new Error('expected the body to fail');
}

const serveFile: Handler = (request, response) => {
  if (request.url === '/missing') {
    response.writeHead(404).end('not here');
  } else if (request.url === '/declared-too-large') {
    response.writeHead(200, { 'content-type': 'image/gif', 'content-length': String(LIMITS.maxBytes + 1) });
    response.end(Buffer.alloc(LIMITS.maxBytes + 1));
  } else if (request.url === '/chunked-too-large') {
    response.writeHead(200, { 'content-type': 'image/gif' });
    const chunk = Buffer.alloc(300);
    let sent = 0;
    const timer = setInterval(() => {
      response.write(chunk);
      sent += chunk.length;
      if (sent > 10 * LIMITS.maxBytes) {
        clearInterval(timer);
        response.end();
      }
    }, 5);
    response.on('close', () => clearInterval(timer));
  } else if (request.url === '/stalls-before-headers') {
    // Never answers.
  } else if (request.url === '/stalls-mid-body') {
    response.writeHead(200, { 'content-type': 'image/gif', 'content-length': '100' });
    response.write(Buffer.alloc(10));
  } else if (request.url === '/breaks-mid-body') {
    response.writeHead(200, { 'content-type': 'image/gif', 'content-length': '100' });
    response.write(Buffer.alloc(10), () => response.socket?.destroy());
  } else {
    response.writeHead(200, { 'content-type': 'image/gif', 'content-length': String(PAYLOAD.length) });
    response.end(PAYLOAD);
  }
};

describe('GuardedUrlDownloader (the outbound-address guard)', function () {
  let local: LocalHttpServer;
  let localV6: LocalHttpServer | null;

  before(async function () {
    local = await LocalHttpServer.start('127.0.0.1', serveFile);
    localV6 = await LocalHttpServer.start('::1', serveFile).catch(() => null);
  });

  after(async function () {
    await local.stop();
    await localV6?.stop();
  });

  beforeEach(function () {
    local.requests = 0;
    if (localV6) localV6.requests = 0;
  });

  describe('with private addresses refused (the default)', function () {
    const guarded = downloader({ allowPrivateAddresses: false });

    it('refuses 127.0.0.1 without sending it a request', async function () {
      const refused = failure(await guarded.download(local.url('/'), LIMITS));
      expect(refused.kind).to.equal('forbidden_address');
      expect(refused.reason).to.equal('127.0.0.1 is a private address; imports may only fetch public addresses');
      expect(local.requests).to.equal(0);
    });

    it('refuses [::1]', async function () {
      const url = localV6 ? localV6.url('/') : 'http://[::1]/';
      const refused = failure(await guarded.download(url, LIMITS));
      expect(refused).to.include({ kind: 'forbidden_address', reason: '[::1] is a private address; imports may only fetch public addresses' });
      expect(localV6?.requests ?? 0).to.equal(0);
    });

    it('refuses 10.0.0.1 before connecting, so at once', async function () {
      const started = Date.now();
      const refused = failure(await guarded.download('http://10.0.0.1/picture.gif', LIMITS));
      expect(refused.kind).to.equal('forbidden_address');
      expect(Date.now() - started).to.be.below(1_000);
    });

    it('refuses the cloud metadata address 169.254.169.254', async function () {
      const refused = failure(await guarded.download('http://169.254.169.254/latest/meta-data/', LIMITS));
      expect(refused.kind).to.equal('forbidden_address');
    });

    it('refuses IPv4-mapped IPv6 and other spellings of loopback', async function () {
      for (const url of [
        `http://[::ffff:127.0.0.1]:${local.port}/`,
        `http://2130706433:${local.port}/`,
        `http://0x7f.1:${local.port}/`,
        `http://0.0.0.0:${local.port}/`,
      ]) {
        expect(failure(await guarded.download(url, LIMITS)).kind, url).to.equal('forbidden_address');
      }
      expect(local.requests).to.equal(0);
    });

    it('refuses a hostname resolving to loopback, naming the host and not the address', async function () {
      const refused = failure(await guarded.download(`http://localhost:${local.port}/`, LIMITS));
      expect(refused).to.deep.equal({
        kind: 'forbidden_address',
        reason: 'the address of localhost is a private address; imports may only fetch public addresses',
      });
      expect(local.requests).to.equal(0);
    });

    it('refuses schemes other than http and https, credentials in the URL and what is no URL', async function () {
      for (const url of [
        'ftp://example.com/picture.gif',
        'file:///etc/passwd',
        'data:image/gif;base64,R0lGODlh',
        'not a url',
        'https://user:secret@example.com/',
      ]) {
        expect(failure(await guarded.download(url, LIMITS)).kind, url).to.equal('invalid_url');
      }
    });
  });

  describe('with private addresses allowed (OUTBOUND_ALLOW_PRIVATE_ADDRESSES)', function () {
    const allowed = downloader({ allowPrivateAddresses: true });

    it('streams a file from a local server', async function () {
      const download = await allowed.download(local.url('/picture.gif'), LIMITS);
      if (!download.ok) throw new Error(download.failure.reason);
      expect(download.contentType).to.equal('image/gif');
      expect(download.declaredBytes).to.equal(PAYLOAD.length);
      expect(await buffer(download.body)).to.deep.equal(PAYLOAD);
    });

    it('reaches a hostname resolving to loopback, and [::1]', async function () {
      const byName = await allowed.download(`http://localhost:${local.port}/`, LIMITS);
      if (!byName.ok) throw new Error(byName.failure.reason);
      expect(await buffer(byName.body)).to.deep.equal(PAYLOAD);
      if (!localV6) return;
      const v6 = await allowed.download(localV6.url('/'), LIMITS);
      if (!v6.ok) throw new Error(v6.failure.reason);
      expect(await buffer(v6.body)).to.deep.equal(PAYLOAD);
    });

    it('still refuses the cloud metadata address', async function () {
      const refused = failure(await allowed.download('http://169.254.169.254/latest/meta-data/', LIMITS));
      expect(refused).to.deep.equal({
        kind: 'forbidden_address',
        reason: '169.254.169.254 is a cloud metadata address; imports may only fetch public addresses',
      });
      for (const url of ['http://[::ffff:169.254.169.254]/', 'http://[fd00:ec2::254]/']) {
        expect(failure(await allowed.download(url, LIMITS)).kind, url).to.equal('forbidden_address');
      }
    });

    it('refuses by Content-Length before reading', async function () {
      expect(failure(await allowed.download(local.url('/declared-too-large'), LIMITS))).to.include({ kind: 'too_large' });
    });

    it('fails the body once a chunked download passes the limit', async function () {
      const error = await bodyFailure(await allowed.download(local.url('/chunked-too-large'), LIMITS));
      expect(error.kind).to.equal('too_large');
    });

    it('times out on a server that never answers', async function () {
      const started = Date.now();
      const timedOut = failure(await allowed.download(local.url('/stalls-before-headers'), { ...LIMITS, timeoutMs: 200 }));
      expect(timedOut.kind).to.equal('timeout');
      expect(Date.now() - started).to.be.below(2_000);
    });

    it('fails the body of a download that stalls midway once the time is up', async function () {
      const error = await bodyFailure(await allowed.download(local.url('/stalls-mid-body'), { ...LIMITS, timeoutMs: 200 }));
      expect(error.kind).to.equal('timeout');
    });

    it('fails the body of a download whose connection breaks midway', async function () {
      const error = await bodyFailure(await allowed.download(local.url('/breaks-mid-body'), LIMITS));
      expect(error.kind).to.equal('network');
    });

    it('reports a 404 as http_status', async function () {
      expect(failure(await allowed.download(local.url('/missing'), LIMITS))).to.deep.equal({
        kind: 'http_status',
        reason: 'the server answered 404',
        status: 404,
      });
    });

    it('reports a refused connection as network', async function () {
      const closed = await LocalHttpServer.start('127.0.0.1', serveFile);
      const url = closed.url('/');
      await closed.stop();
      expect(failure(await allowed.download(url, LIMITS)).kind).to.equal('network');
    });
  });
});
