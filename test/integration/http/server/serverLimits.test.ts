import { type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { expect } from 'chai';
import { buildHttpServer } from '../../../../config/httpServer';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../../support/testApp';
import { type Answer, connect, within } from './rawHttp';
import { trickle } from './rawHttp';

const HEADERS_TIMEOUT_MS = 400;
const REQUEST_TIMEOUT_MS = 800;
const KEEP_ALIVE_TIMEOUT_MS = 400;
/** Long enough for any of these exchanges to end, short enough that a hang fails fast. */
const PATIENCE_MS = 5000;
const MiB = 1024 * 1024;

/** The real composition on SQLite, served by the real server adapter on an ephemeral port. */
async function serve(env: Record<string, string>): Promise<{ t: TestApp; server: Server; port: number }> {
  const t = await startTestApp(await freshDatabaseEnv('sqlite'), { RATE_LIMIT_MAX: '1000', ...env });
  const server = buildHttpServer(t.composition);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return { t, server, port: (server.address() as AddressInfo).port };
}

async function stop(served: { t: TestApp; server: Server } | undefined): Promise<void> {
  if (served === undefined) return;
  served.server.closeAllConnections();
  await new Promise((done) => served.server.close(done));
  await served.t.close();
}

/** A refusal in the JSON API's error body, its request id in the header and the body alike. */
function expectJsonRefusal(answer: Answer, status: number, code: string): void {
  expect(answer.status).to.equal(status);
  expect(answer.headers['content-type']).to.match(/^application\/json/);
  expect(answer.body.error).to.include({ code });
  expect(answer.body.error.details).to.deep.equal([]);
  expect(answer.headers['x-request-id']).to.be.a('string').and.not.equal('');
  expect(answer.body.error.requestId).to.equal(answer.headers['x-request-id']);
}

describe('the HTTP server: deadlines, caps and Node-level refusals', () => {
  describe('deadlines and refusals', () => {
    let served: Awaited<ReturnType<typeof serve>>;
    before(async () => {
      served = await serve({
        HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
      });
    });
    after(() => stop(served));

    it('answers a client trickling its headers past the headers timeout with 408 and closes the connection', async () => {
      const c = await connect(served.port);
      c.socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n');
      trickle(c.socket, 'X-Slow: 1\r\n', 50);
      const [answer] = await within(PATIENCE_MS, '408', c.responses(1));
      expectJsonRefusal(answer!, 408, 'request_timeout');
      expect(answer!.headers.connection).to.equal('close');
      const seen = await within(PATIENCE_MS, 'close', c.closed);
      expect(seen.ended).to.equal(true);
    });

    it('cuts a client trickling its body past the request timeout (408, as the app has not answered yet)', async () => {
      const c = await connect(served.port);
      c.socket.write('POST /v1/anything HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n[');
      trickle(c.socket, '1,', 50);
      const seen = await within(PATIENCE_MS, 'the connection to close', c.closed);
      const [answer] = await c.responses(1);
      expectJsonRefusal(answer!, 408, 'request_timeout');
      expect(seen.ended).to.equal(true);
    });

    it('closes an idle kept-alive connection after the keep-alive timeout', async () => {
      const c = await connect(served.port);
      c.socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      const [answer] = await within(PATIENCE_MS, 'health', c.responses(1));
      expect(answer!.status).to.equal(200);
      expect(answer!.headers.connection).to.equal('keep-alive');
      const seen = await within(PATIENCE_MS, 'the idle connection to close', c.closed);
      expect(seen.ended).to.equal(true);
    });

    it('answers headers larger than allowed with 431 in the JSON error body', async () => {
      const c = await connect(served.port);
      c.socket.write(`GET /health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      const [answer] = await within(PATIENCE_MS, '431', c.responses(1));
      expectJsonRefusal(answer!, 431, 'headers_too_large');
      await within(PATIENCE_MS, 'close', c.closed);
    });

    it('answers a malformed request line with 400 in the JSON error body and an X-Request-Id', async () => {
      const c = await connect(served.port);
      c.socket.write('THIS IS NOT HTTP\r\n\r\n');
      const [answer] = await within(PATIENCE_MS, '400', c.responses(1));
      expectJsonRefusal(answer!, 400, 'bad_request');
      expect(answer!.body.error.type).to.equal('BadRequestError');
      const seen = await within(PATIENCE_MS, 'close', c.closed);
      expect(seen.errorCode).to.equal(null);
    });

    it('answers an oversize chunked JSON body with 413 and Connection: close, ends the connection cleanly, and serves a new one at once', async () => {
      const c = await connect(served.port);
      c.socket.write('POST /v1/anything HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n');
      const piece = `["${'x'.repeat(64 * 1024)}"]`;
      for (let sent = 0; sent < 2 * MiB; sent += piece.length) c.socket.write(`${piece.length.toString(16)}\r\n${piece}\r\n`);
      c.socket.write('0\r\n\r\n');
      const seen = await within(PATIENCE_MS, 'the connection to end', c.closed);
      const [answer] = await c.responses(1);
      expectJsonRefusal(answer!, 413, 'payload_too_large');
      expect(answer!.headers.connection).to.equal('close');
      expect(seen).to.include({ ended: true, errorCode: null });

      const next = await connect(served.port);
      next.socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
      const [health] = await within(PATIENCE_MS, 'health', next.responses(1));
      expect(health!.status).to.equal(200);
    });
  });

  describe('the cap on open connections', () => {
    const CAP = 3;
    let served: Awaited<ReturnType<typeof serve>>;
    before(async () => {
      served = await serve({ HTTP_MAX_CONNECTIONS: String(CAP), HTTP_KEEP_ALIVE_TIMEOUT_MS: '30000' });
    });
    after(() => stop(served));

    const healthOn = async (c: Awaited<ReturnType<typeof connect>>): Promise<number> => {
      c.socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      return (await within(PATIENCE_MS, 'health', c.responses(1)))[0]!.status;
    };

    it('refuses connections above the cap, and accepts one again once a connection closes', async () => {
      const held = [];
      for (let i = 0; i < CAP; i++) {
        const c = await connect(served.port);
        expect(await healthOn(c)).to.equal(200);
        held.push(c);
      }
      const extra = await connect(served.port);
      extra.socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      const refused = await within(PATIENCE_MS, 'the connection over the cap to close', extra.closed);
      expect(refused.text).to.equal('');

      held[0]!.socket.end();
      await held[0]!.closed;
      // The server counts the connection gone once it has seen it close: try until it has.
      let status = 0;
      for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
        const c = await connect(served.port);
        status = await healthOn(c).catch(() => 0);
        c.socket.destroy();
        if (status !== 200) await new Promise((wait) => setTimeout(wait, 50));
      }
      expect(status).to.equal(200);
      for (const c of held) c.socket.destroy();
    });
  });
});
