import { createHash } from 'node:crypto';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { Router } from '@koa/router';
import { expect } from 'chai';
import { LINGER_MS } from '../../../../adapters/inbound/http/chains/byteLimit';
import { uploadOf, type AppState } from '../../../../adapters/inbound/http/state';
import { startSurfaceApp, type SurfaceApp } from './surfaceApp';

const MiB = 1024 * 1024;
const LIMIT = 6 * MiB;

/** A small upload route: counts and hashes the stream it is given, holding one chunk at a time. */
function testUploads(): Router<AppState> {
  const router = new Router<AppState>();
  router.post('/v1/test-uploads', async (ctx) => {
    const upload = uploadOf(ctx);
    const hash = createHash('sha256');
    let bytes = 0;
    let chunks = 0;
    let largestChunk = 0;
    for await (const chunk of upload.stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      chunks++;
      largestChunk = Math.max(largestChunk, chunk.length);
      hash.update(chunk);
    }
    ctx.status = 201;
    ctx.body = { bytes, chunks, largestChunk, sha256: hash.digest('hex'), declared: upload.declaredBytes, bodySet: ctx.request.body !== undefined };
  });
  return router;
}

interface Answer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: any;
  /** Resolves when the client's connection has closed (or its request failed once answered). */
  readonly closed: Promise<void>;
}

/**
 * Sends `size` bytes in 64 KiB writes on a new connection, with a Content-Length or chunked,
 * and resolves with the answer as soon as it arrives, even while still sending.
 */
function upload(
  port: number,
  key: string | null,
  size: number,
  mode: 'length' | 'chunked',
  connection: 'keep-alive' | 'close' = 'keep-alive',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // A fresh agent: a new connection for every upload, kept alive or not as asked.
    const agent = new http.Agent({ keepAlive: connection === 'keep-alive', maxSockets: 1 });
    const headers: http.OutgoingHttpHeaders = { 'Content-Type': 'application/octet-stream' };
    if (key !== null) headers.Authorization = `Bearer ${key}`;
    if (mode === 'length') headers['Content-Length'] = size;
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/v1/test-uploads', headers, agent });
    let answered = false;
    // The exchange is over: answered and sent, or its connection ended.
    const closed = new Promise<void>((done) =>
      req.once('close', () => {
        agent.destroy();
        done();
      }),
    );
    // Once answered, the server may cut a connection that keeps sending: that is the point.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.on('response', (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        resolve({ status: res.statusCode!, headers: res.headers, body: text === '' ? null : JSON.parse(text), closed });
      });
      res.on('error', () => undefined);
    });
    const piece = Buffer.alloc(64 * 1024, 7);
    let sent = 0;
    const write = (): void => {
      while (sent < size && !req.destroyed) {
        const part = piece.subarray(0, Math.min(piece.length, size - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once('drain', write);
      }
      if (!req.destroyed) req.end();
    };
    write();
  });
}

const sha256Of = (size: number): string => {
  const hash = createHash('sha256');
  const piece = Buffer.alloc(64 * 1024, 7);
  for (let sent = 0; sent < size; sent += piece.length) hash.update(piece.subarray(0, Math.min(piece.length, size - sent)));
  return hash.digest('hex');
};

describe('HTTP surfaces: the upload chain', () => {
  let t: SurfaceApp;
  let server: http.Server;
  let port: number;
  let key: string;

  before(async () => {
    t = await startSurfaceApp({ UPLOAD_MAX_BYTES: String(LIMIT), RATE_LIMIT_MAX: '1000' }, () => ({ uploads: [testUploads()] }));
    await t.given.user('owner@example.com');
    const workspaceId = await t.given.workspace('owner@example.com');
    key = (await t.given.apiKey(workspaceId, 'owner@example.com', 'owner')).key;
    server = t.app.listen(0, '127.0.0.1');
    await new Promise((ready) => server.once('listening', ready));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    server?.closeAllConnections();
    await new Promise((done) => (server ? server.close(done) : done(undefined)));
    await t?.close();
  });

  for (const connection of ['keep-alive', 'close'] as const) {
    for (const mode of ['length', 'chunked'] as const) {
      it(`refuses a body over the limit (${mode}, Connection: ${connection}) with 413, ends the exchange, and serves the next one`, async () => {
        const res = await upload(port, key, LIMIT + 2 * MiB, mode, connection);
        expect(res.status).to.equal(413);
        expect(res.body.error).to.include({ type: 'PayloadTooLargeError', code: 'payload_too_large' });
        // Over by the time the client is done sending, or cut after the linger: never left hanging.
        await Promise.race([res.closed, new Promise((_, fail) => setTimeout(() => fail(new Error('exchange left hanging')), LINGER_MS + 3000))]);
        const next = await upload(port, key, 1024, mode, connection);
        expect(next.status).to.equal(201);
        expect(next.body.bytes).to.equal(1024);
      });
    }
  }

  for (const mode of ['length', 'chunked'] as const) {
    it(`streams a 5 MiB body (${mode}) to the route, chunk by chunk, without parsing it`, async () => {
      const size = 5 * MiB;
      const res = await upload(port, key, size, mode);
      expect(res.status).to.equal(201);
      expect(res.body).to.include({ bytes: size, sha256: sha256Of(size), declared: mode === 'length' ? size : null, bodySet: false });
      expect(res.body.chunks).to.be.greaterThan(10);
      expect(res.body.largestChunk).to.be.at.most(256 * 1024);
      expect(res.headers['ratelimit-limit']).to.equal('1000');
    });
  }

  for (const connection of ['keep-alive', 'close'] as const) {
    it(`cuts a client that keeps sending long after its 413 (Connection: ${connection})`, async () => {
      const started = Date.now();
      const res = await upload(port, key, 4096 * MiB, 'chunked', connection);
      expect(res.status).to.equal(413);
      await res.closed;
      expect(Date.now() - started).to.be.below(LINGER_MS + 5000);
    });
  }

  it('takes the body exactly at the limit', async () => {
    const res = await upload(port, key, LIMIT, 'chunked');
    expect(res.status).to.equal(201);
    expect(res.body.bytes).to.equal(LIMIT);
  });

  it('asks for a credential before reading a byte: 401 in the JSON error body, the body drained or cut', async () => {
    const res = await upload(port, null, 64 * MiB, 'chunked');
    expect(res.status).to.equal(401);
    expect(res.body.error).to.include({ code: 'missing_credential' });
    await Promise.race([res.closed, new Promise((_, fail) => setTimeout(() => fail(new Error('exchange left hanging')), LINGER_MS + 3000))]);
  });
});
