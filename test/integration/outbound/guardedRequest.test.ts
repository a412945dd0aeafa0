import { guardedRequest } from '../../../adapters/outbound/http/guardedRequest';
import { text } from 'node:stream/consumers';
import { expect } from 'chai';
import { OutboundAddressGuard } from '../../../adapters/outbound/http/OutboundAddressGuard';
import { OutboundRequestError } from '../../../adapters/outbound/http/OutboundRequestError';
import { type Handler, LocalHttpServer } from '../../support/localHttpServer';

/** `/to?<url>` redirects there (307); anything else echoes the method and the Authorization header. */
const echoing: Handler = (request, response) => {
  const url = new URL(request.url ?? '/', 'http://unused');
  if (url.pathname === '/to') response.writeHead(307, { location: decodeURIComponent(url.search.slice(1)) }).end();
  else response.end(`${request.method} ${request.headers.authorization ?? '-'}`);
};

describe('guardedRequest (the guard for any outbound call)', function () {
  let first: LocalHttpServer;
  let other: LocalHttpServer;
  const guard = new OutboundAddressGuard({ allowPrivateAddresses: true });
  const headers = { authorization: 'Bearer secret' };

  before(async function () {
    first = await LocalHttpServer.start('127.0.0.1', echoing);
    other = await LocalHttpServer.start('127.0.0.2', echoing);
  });

  after(async function () {
    await first.stop();
    await other.stop();
  });

  it('keeps credentials on a redirect within the origin and drops them on one to another origin', async function () {
    const same = await guardedRequest(guard, first.url(`/to?${encodeURIComponent('/echo')}`), { headers });
    expect(await text(same.response)).to.equal('GET Bearer secret');
    const elsewhere = await guardedRequest(guard, first.url(`/to?${encodeURIComponent(other.url('/echo'))}`), { headers });
    expect(elsewhere.url.href).to.equal(other.url('/echo'));
    expect(await text(elsewhere.response)).to.equal('GET -');
  });

  it('hands the redirect back to a POST instead of following it', async function () {
    other.requests = 0;
    const answer = await guardedRequest(guard, first.url(`/to?${encodeURIComponent(other.url('/echo'))}`), { method: 'POST', body: '{}' });
    expect(answer.response.statusCode).to.equal(307);
    answer.response.resume();
    expect(other.requests).to.equal(0);
  });

  it('fails with an OutboundRequestError when cancelled', async function () {
    const cancelled = AbortSignal.abort();
    const error = await guardedRequest(guard, first.url('/echo'), { signal: cancelled }).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(OutboundRequestError);
    expect(error).to.include({ kind: 'aborted' });
  });
});
