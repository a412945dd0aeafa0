import { createHmac, timingSafeEqual } from 'node:crypto';
import { Router } from '@koa/router';
import { expect } from 'chai';
import supertest from 'supertest';
import { actOnce } from '../../../../adapters/inbound/http/chains/actOnce';
import { rawBodyOf, type AppState } from '../../../../adapters/inbound/http/state';
import { unauthenticated } from '../../../../domain/shared/DomainError';
import { TOKENS } from '../../../../config/tokens';
import { type TestApp } from '../../../support/testApp';
import { startSurfaceApp, type SurfaceApp } from './surfaceApp';

const SECRET = 'whsec_test';
const sign = (bytes: Buffer): string => createHmac('sha256', SECRET).update(bytes).digest('hex');

interface Seen {
  readonly bytes: Buffer;
  readonly parsedBody: unknown;
}

/** A small webhook: checks the signature over the raw bytes, then acts once per event id. */
function testWebhooks(t: TestApp, seen: Seen[], acted: string[], failures: { next: boolean }): Router<AppState> {
  const events = t.composition.get(TOKENS.InboundEventLog);
  const clock = t.composition.get(TOKENS.Clock);
  const router = new Router<AppState>({ prefix: '/webhooks' });
  router.post('/test', async (ctx) => {
    const bytes = rawBodyOf(ctx);
    seen.push({ bytes, parsedBody: ctx.request.body });
    const given = Buffer.from(ctx.get('X-Test-Signature'));
    const expected = Buffer.from(sign(bytes));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw unauthenticated('invalid_signature', 'the signature does not match');
    const event = JSON.parse(bytes.toString('utf8')) as { id: string };
    const delivery = await actOnce(events, clock, 'test', event.id, async () => {
      if (failures.next) {
        failures.next = false;
        throw new Error('handler failed');
      }
      acted.push(event.id);
    });
    ctx.body = { received: true, delivery };
  });
  return router;
}

describe('HTTP surfaces: the webhook chain', () => {
  let t: SurfaceApp;
  const seen: Seen[] = [];
  const acted: string[] = [];
  const failures = { next: false };

  before(async () => {
    t = await startSurfaceApp({ RATE_LIMIT_MAX: '3' }, (app) => ({ webhooks: [testWebhooks(app, seen, acted, failures)] }));
  });
  after(async () => t?.close());
  beforeEach(() => {
    seen.length = 0;
    acted.length = 0;
  });

  const deliver = (bytes: Buffer, signature = sign(bytes)) =>
    supertest(t.app.callback())
      .post('/webhooks/test')
      .set('Content-Type', 'application/json')
      .set('X-Test-Signature', signature)
      .serialize((body: Buffer) => body as unknown as string) // the bytes as they are, not re-encoded as JSON
      .send(bytes);

  it('hands the route the exact bytes, not canonical JSON, and parses nothing', async () => {
    // Duplicate keys, odd spacing, a byte that is not UTF-8, a __proto__ key and no final newline:
    // all refused or rewritten by the JSON API's rules, all kept here.
    const bytes = Buffer.concat([
      Buffer.from('{ "id" :"evt_raw",\t"id":"evt_raw" , "__proto__": {"x": 1}, "note":"'),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('" ,"n": 1.50e0 }'),
    ]);
    const res = await deliver(bytes).expect(200);
    expect(res.body).to.deep.equal({ received: true, delivery: 'acted' });
    expect(seen).to.have.length(1);
    expect(seen[0]!.bytes.equals(bytes)).to.equal(true);
    expect(seen[0]!.parsedBody).to.equal(undefined);
    expect(acted).to.deep.equal(['evt_raw']);
  });

  it('refuses a signature that does not match the bytes, without marking the event seen', async () => {
    const bytes = Buffer.from('{"id":"evt_forged"}');
    const res = await deliver(bytes, sign(Buffer.from('{"id":"evt_other"}'))).expect(401);
    expect(res.body.error).to.include({ code: 'invalid_signature' });
    expect(res.headers['www-authenticate']).to.equal(undefined);
    await deliver(bytes).expect(200);
    expect(acted).to.deep.equal(['evt_forged']);
  });

  it('acts once on an event delivered twice, answering 200 both times', async () => {
    const first = Buffer.from('{"id":"evt_twice","n":1}');
    const again = Buffer.from('{"id":"evt_twice", "n":1}'); // re-sent with other bytes, same event
    expect((await deliver(first).expect(200)).body.delivery).to.equal('acted');
    expect((await deliver(again).expect(200)).body.delivery).to.equal('replayed');
    expect((await deliver(first).expect(200)).body.delivery).to.equal('replayed');
    expect(acted).to.deep.equal(['evt_twice']);
  });

  it('acts on the retry of an event whose handling failed', async () => {
    failures.next = true;
    const bytes = Buffer.from('{"id":"evt_retry"}');
    await deliver(bytes).expect(500);
    expect((await deliver(bytes).expect(200)).body.delivery).to.equal('acted');
    expect(acted).to.deep.equal(['evt_retry']);
  });

  it('has no rate limit per address: more deliveries than RATE_LIMIT_MAX all pass', async () => {
    for (let i = 0; i < 8; i++) {
      const res = await deliver(Buffer.from(`{"id":"evt_burst_${i}"}`)).expect(200);
      expect(res.headers['ratelimit-limit']).to.equal(undefined);
    }
    expect(acted).to.have.length(8);
  });

  it('refuses a body over its limit with 413', async () => {
    const res = await deliver(Buffer.from(`{"id":"evt_big","pad":"${'x'.repeat(1024 * 1024)}"}`)).expect(413);
    expect(res.body.error).to.include({ code: 'payload_too_large' });
    expect(seen).to.have.length(0);
  });

  it('answers an unknown webhook path with a 404 error body', async () => {
    const res = await supertest(t.app.callback()).post('/webhooks/unknown').send('{}').expect(404);
    expect(res.body.error).to.include({ code: 'route_not_found' });
  });
});
