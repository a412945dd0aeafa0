import { buffer } from 'node:stream/consumers';
import { expect } from 'chai';
import { type Download, type DownloadFailure, type DownloadLimits } from '../../../application/ports/UrlDownloader';
import { GuardedUrlDownloader } from '../../../adapters/outbound/http/GuardedUrlDownloader';
import { OutboundAddressGuard } from '../../../adapters/outbound/http/OutboundAddressGuard';
import { type Handler, LocalHttpServer } from '../../support/localHttpServer';

const LIMITS: DownloadLimits = { maxBytes: 1024, timeoutMs: 5_000 };
const PAYLOAD = Buffer.from('the picture');

function failure(download: Download): DownloadFailure {
  if (download.ok) {
    download.body.destroy();
    throw new Error('expected the download to fail');
  }
  return download.failure;
}

/** `/to?<url>` redirects there; `/loop` redirects to itself; anything else is the picture. */
const redirecting: Handler = (request, response) => {
  const url = new URL(request.url ?? '/', 'http://unused');
  if (url.pathname === '/to') response.writeHead(302, { location: decodeURIComponent(url.search.slice(1)) }).end();
  else if (url.pathname === '/loop') response.writeHead(301, { location: '/loop' }).end();
  else response.writeHead(200, { 'content-type': 'image/gif' }).end(PAYLOAD);
};

/**
 * Every local server has a private address, so the "public" server stands on 127.0.0.2 and the
 * guard is told to treat that one address as public (a test-only option, never read from the
 * environment); private addresses stay refused. The private target is a server on 127.0.0.1,
 * which counts what it receives.
 */
describe('GuardedUrlDownloader: redirects are re-checked', function () {
  let publicServer: LocalHttpServer;
  let privateServer: LocalHttpServer;
  const guarded = new GuardedUrlDownloader(new OutboundAddressGuard({ allowPrivateAddresses: false, treatAsPublic: ['127.0.0.2'] }));
  const via = (target: string) => publicServer.url(`/to?${encodeURIComponent(target)}`);

  before(async function () {
    publicServer = await LocalHttpServer.start('127.0.0.2', redirecting);
    privateServer = await LocalHttpServer.start('127.0.0.1', redirecting);
  });

  after(async function () {
    await publicServer.stop();
    await privateServer.stop();
  });

  beforeEach(function () {
    privateServer.requests = 0;
  });

  it('downloads from the server treated as public, following its redirects to public addresses', async function () {
    const download = await guarded.download(via(publicServer.url('/picture.gif')), LIMITS);
    if (!download.ok) throw new Error(download.failure.reason);
    expect(await buffer(download.body)).to.deep.equal(PAYLOAD);
  });

  it('refuses a redirect to 127.0.0.1 without sending it a request', async function () {
    const refused = failure(await guarded.download(via(privateServer.url('/picture.gif')), LIMITS));
    expect(refused).to.deep.equal({ kind: 'forbidden_address', reason: '127.0.0.1 is a private address; imports may only fetch public addresses' });
    expect(privateServer.requests).to.equal(0);
  });

  it('refuses a redirect to a hostname resolving to loopback', async function () {
    const refused = failure(await guarded.download(via(`http://localhost:${privateServer.port}/`), LIMITS));
    expect(refused.kind).to.equal('forbidden_address');
    expect(privateServer.requests).to.equal(0);
  });

  it('refuses a redirect to the metadata address', async function () {
    expect(failure(await guarded.download(via('http://169.254.169.254/latest/meta-data/'), LIMITS)).kind).to.equal('forbidden_address');
  });

  it('refuses a redirect to another scheme', async function () {
    expect(failure(await guarded.download(via('file:///etc/passwd'), LIMITS)).kind).to.equal('invalid_url');
  });

  it('gives up after 5 redirects', async function () {
    expect(failure(await guarded.download(publicServer.url('/loop'), LIMITS))).to.deep.equal({
      kind: 'network',
      reason: 'the address led through more than 5 redirects',
    });
    expect(publicServer.requests).to.be.at.least(6);
  });
});
