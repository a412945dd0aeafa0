import http from 'node:http';
import { expect } from 'chai';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import { Router } from '@koa/router';
import request from 'supertest';
import { errorHandler } from '../../../adapters/inbound/http/middleware/errorHandler';
import { idempotency } from '../../../adapters/inbound/http/middleware/idempotency';
import { MemoryIdempotencyStore } from '../../../adapters/outbound/persistence/memory/MemoryIdempotencyStore';
import { JsonLogger } from '../../../adapters/outbound/logging/JsonLogger';
import { type WorkspaceAccess } from '../../../domain/credential/AccessDecision';
import { type Credential } from '../../../domain/credential/Credential';
import { forbidden, validationError } from '../../../domain/shared/DomainError';
import { FixedClock } from '../../support/fixedClock';

const DAY_MS = 24 * 60 * 60 * 1000;
const LEASE_MS = 2 * 60 * 1000;

/** A gate a test opens when it chooses, to hold a handler mid-request. */
function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/**
 * The middleware in the order the real app mounts it: request id, the real error handler,
 * koa-body, authentication and the workspace access check (a stub taking the credential,
 * its user and the workspace from test headers), then idempotency in front of routes that
 * count how often they really ran.
 */
function testApp() {
  const runs = { create: 0, invalid: 0, crash: 0, forbidden: 0, list: 0, remove: 0 };
  const hold: { gate: ReturnType<typeof gate> | null; entered: () => void } = { gate: null, entered: () => undefined };
  let requestCount = 0;

  const router = new Router();
  router.post('/things', async (ctx) => {
    runs.create += 1;
    hold.entered();
    if (hold.gate) await hold.gate.opened;
    ctx.status = 201;
    ctx.body = { id: `thing-${runs.create}`, received: ctx.request.body };
  });
  router.post('/invalid', () => {
    runs.invalid += 1;
    throw validationError('invalid_body', [{ path: 'name', message: 'is required' }]);
  });
  router.post('/crash', (ctx) => {
    runs.crash += 1;
    if (runs.crash === 1) throw new Error('database went away');
    ctx.status = 201;
    ctx.body = { ok: true };
  });
  router.post('/forbidden', () => {
    runs.forbidden += 1;
    throw forbidden('insufficient_role', 'not allowed');
  });
  router.get('/things', (ctx) => {
    runs.list += 1;
    ctx.body = { count: runs.create };
  });
  router.delete('/things/:id', (ctx) => {
    runs.remove += 1;
    ctx.status = 204;
  });

  const app = new Koa();
  app.use(async (ctx, next) => {
    ctx.state.requestId = `req-${++requestCount}`;
    await next();
  });
  app.use(errorHandler(new JsonLogger('silent'), 'http://localhost'));
  app.use(koaBody({ json: true, urlencoded: false, text: false, multipart: false, jsonStrict: true }));
  app.use(async (ctx, next) => {
    const userId = ctx.get('X-Test-User') || 'user-1';
    const workspaceId = ctx.get('X-Test-Workspace') || 'ws-1';
    const credential: Credential = ctx.get('X-Test-Key')
      ? { kind: 'api_key', id: ctx.get('X-Test-Key'), userId, workspaceId, frozenRole: 'owner', creatorRole: 'owner', scopes: ['posts:write'] }
      : { kind: 'session', id: ctx.get('X-Test-Session') || 'session-1', userId };
    const access: WorkspaceAccess = { userId, workspaceId, role: 'owner', reviewRequired: false, scopes: new Set(['posts:write']) };
    ctx.state.credential = credential;
    ctx.state.access = access;
    await next();
  });
  const store = new MemoryIdempotencyStore();
  const clock = new FixedClock();
  app.use(idempotency({ store, clock, replayTtlMs: DAY_MS, leaseMs: LEASE_MS }));
  app.use(router.routes());
  return { server: http.createServer(app.callback()), runs, hold, store, clock };
}

describe('idempotency middleware', () => {
  let t: ReturnType<typeof testApp>;
  beforeEach(() => {
    t = testApp();
  });

  const post = (path: string, key: string | null, body: object = { name: 'a' }) => {
    const req = request(t.server).post(path).send(body);
    return key === null ? req : req.set('Idempotency-Key', key);
  };

  it('replays the first response byte for byte, marked as replayed, without running the handler again', async () => {
    const first = await post('/things', 'k-1', { name: 'a', tags: ['x'] }).expect(201);
    // Same JSON, other key order: the same request.
    const second = await request(t.server)
      .post('/things')
      .set('Idempotency-Key', 'k-1')
      .set('Content-Type', 'application/json')
      .send('{ "tags": ["x"], "name": "a" }')
      .expect(201);

    expect(second.text).to.equal(first.text);
    expect(second.headers['content-type'])
      .to.equal(first.headers['content-type'])
      .and.match(/^application\/json/);
    expect(second.headers['idempotent-replayed']).to.equal('true');
    expect(first.headers).not.to.have.property('idempotent-replayed');
    expect(t.runs.create).to.equal(1);
  });

  it('answers 409 idempotency_key_reused for the same key with another body or on another path', async () => {
    await post('/things', 'k-1', { name: 'a' }).expect(201);
    const otherBody = await post('/things', 'k-1', { name: 'b' }).expect(409);
    expect(otherBody.body.error).to.include({ type: 'ConflictError', code: 'idempotency_key_reused' });
    expect((await post('/invalid', 'k-1', { name: 'a' }).expect(409)).body.error.code).to.equal('idempotency_key_reused');
    expect([t.runs.create, t.runs.invalid]).to.deep.equal([1, 0]);
  });

  it('keeps keys per credential and workspace, never per user: no other credential replays them', async () => {
    await post('/things', 'k-1').expect(201);
    const replays = async (res: Promise<request.Response>) => (await res).headers['idempotent-replayed'] === 'true';
    expect(await replays(post('/things', 'k-1')), 'the same session, the same workspace').to.equal(true);
    expect(t.runs.create).to.equal(1);

    // The same user through another session, an API key, or in another workspace: each runs afresh.
    expect(await replays(post('/things', 'k-1').set('X-Test-Session', 'session-2').expect(201))).to.equal(false);
    expect(await replays(post('/things', 'k-1').set('X-Test-Key', 'key-1').expect(201))).to.equal(false);
    expect(await replays(post('/things', 'k-1').set('X-Test-Workspace', 'ws-2').expect(201))).to.equal(false);
    await post('/things', 'k-1').set('X-Test-User', 'user-2').expect(201);
    expect(t.runs.create).to.equal(5);
    // A session id and an API key id that happen to be equal are still other credentials.
    expect(await replays(post('/things', 'k-1').set('X-Test-Key', 'session-1').expect(201))).to.equal(false);
    expect(t.runs.create).to.equal(6);
  });

  it('answers 409 idempotency_key_in_use while the first request with the key still runs', async () => {
    t.hold.gate = gate();
    const entered = new Promise<void>((resolve) => {
      t.hold.entered = resolve;
    });
    const first = post('/things', 'k-1').then((res) => res);
    await entered;

    const concurrent = await post('/things', 'k-1').expect(409);
    expect(concurrent.body.error).to.include({ type: 'ConflictError', code: 'idempotency_key_in_use' });

    t.hold.gate.open();
    expect((await first).status).to.equal(201);
    expect(t.runs.create).to.equal(1);
  });

  it('replays a 422 too: a final answer to that request', async () => {
    const first = await post('/invalid', 'k-1').expect(422);
    const second = await post('/invalid', 'k-1').expect(422);
    expect(first.body.error).to.include({ type: 'ValidationError', code: 'invalid_body', requestId: 'req-1' });
    expect(second.text).to.equal(first.text);
    expect(second.headers['idempotent-replayed']).to.equal('true');
    expect(t.runs.invalid).to.equal(1);
  });

  it('does not store a 500: a retry with the key runs the handler again', async () => {
    await post('/crash', 'k-1').expect(500);
    const retry = await post('/crash', 'k-1').expect(201);
    expect(retry.headers).not.to.have.property('idempotent-replayed');
    expect(t.runs.crash).to.equal(2);
  });

  it('lets a retry run once the lease of a request cut off mid-way (its record orphaned) has passed', async () => {
    // A crash: the request fails and its record cannot be released, as if the instance died.
    t.store.abandon = async () => {
      throw new Error('store went away');
    };
    await post('/crash', 'k-1').expect(500);

    const early = await post('/crash', 'k-1').expect(409);
    expect(early.body.error).to.include({ code: 'idempotency_key_in_use' });
    t.clock.advance(LEASE_MS - 1);
    await post('/crash', 'k-1').expect(409);
    expect(t.runs.crash).to.equal(1);

    t.clock.advance(1);
    const retry = await post('/crash', 'k-1').expect(201);
    expect(retry.headers).not.to.have.property('idempotent-replayed');
    expect(t.runs.crash).to.equal(2);
    expect((await post('/crash', 'k-1').expect(201)).headers['idempotent-replayed']).to.equal('true');
    expect(t.runs.crash).to.equal(2);
  });

  it('replays a completed response for the replay TTL, not the lease, then runs the key afresh', async () => {
    await post('/things', 'k-1').expect(201);
    t.clock.advance(LEASE_MS);
    expect((await post('/things', 'k-1').expect(201)).headers['idempotent-replayed']).to.equal('true');
    t.clock.advance(DAY_MS - LEASE_MS - 1);
    expect((await post('/things', 'k-1').expect(201)).headers['idempotent-replayed']).to.equal('true');
    expect(t.runs.create).to.equal(1);

    t.clock.advance(1);
    expect((await post('/things', 'k-1').expect(201)).headers).not.to.have.property('idempotent-replayed');
    expect(t.runs.create).to.equal(2);
  });

  it('does not store an access refusal, which changes when access does', async () => {
    await post('/forbidden', 'k-1').expect(403);
    await post('/forbidden', 'k-1').expect(403);
    expect(t.runs.forbidden).to.equal(2);
  });

  it('replays an empty 204 of a DELETE', async () => {
    await request(t.server).delete('/things/1').set('Idempotency-Key', 'k-1').expect(204);
    const again = await request(t.server).delete('/things/1').set('Idempotency-Key', 'k-1').expect(204);
    expect(again.headers['idempotent-replayed']).to.equal('true');
    expect(t.runs.remove).to.equal(1);
  });

  it('ignores the header on GET, and requests without it are never stored', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await request(t.server).get('/things').set('Idempotency-Key', 'k-1').expect(200);
      expect(res.headers).not.to.have.property('idempotent-replayed');
    }
    await post('/things', null).expect(201);
    await post('/things', null).expect(201);
    expect([t.runs.list, t.runs.create]).to.deep.equal([2, 2]);
  });

  for (const [label, key] of [
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['non-ASCII', 'clé'],
  ] as const) {
    it(`refuses a malformed key (${label}) with 422 invalid_idempotency_key`, async () => {
      const res = await post('/things', key).expect(422);
      expect(res.body.error).to.include({ type: 'ValidationError', code: 'invalid_idempotency_key' });
      expect(res.body.error.details).to.deep.equal([{ path: 'Idempotency-Key', message: 'must be 1 to 255 printable ASCII characters' }]);
      expect(t.runs.create).to.equal(0);
    });
  }

  it('refuses a lease or a replay TTL that is not a positive integer of milliseconds', () => {
    const base = { store: new MemoryIdempotencyStore(), clock: new FixedClock(), replayTtlMs: DAY_MS, leaseMs: LEASE_MS };
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => idempotency({ ...base, leaseMs: bad })).to.throw(RangeError, /lease/);
      expect(() => idempotency({ ...base, replayTtlMs: bad })).to.throw(RangeError, /replay TTL/);
    }
  });

  it('accepts a key of exactly 255 printable characters', async () => {
    await post('/things', `${'k'.repeat(250)} !~"'`).expect(201);
  });
});
