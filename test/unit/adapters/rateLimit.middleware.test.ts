import { expect } from 'chai';
import Koa from 'koa';
import request from 'supertest';
import { type Clock } from '../../../application/ports/Clock';
import { type RateLimitStore } from '../../../application/ports/RateLimitStore';
import { rateLimit } from '../../../adapters/inbound/http/middleware/rateLimit';
import { MemoryRateLimitStore } from '../../../adapters/outbound/ratelimit/MemoryRateLimitStore';
import { type Credential } from '../../../domain/credential/Credential';
import { DomainError } from '../../../domain/shared/DomainError';

const START = Date.parse('2030-01-01T00:00:00.000Z');

class SettableClock implements Clock {
  constructor(public ms: number) {}
  now(): Date {
    return new Date(this.ms);
  }
}

/**
 * The middleware between stand-ins for its neighbours: an error mapper like the real
 * one (kind → status) and an auth step taking the credential id from a test header.
 */
function appWith(store: RateLimitStore, clock: Clock, limit = 3): Koa {
  const app = new Koa();
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      ctx.status = error.kind === 'rate_limited' ? 429 : error.kind === 'unavailable' ? 503 : 500;
      ctx.body = { error: { code: error.code, message: error.message } };
    }
  });
  app.use(async (ctx, next) => {
    const id = ctx.get('X-Test-Key');
    if (id) {
      const credential: Credential = { kind: 'session', id, userId: 'user-1' };
      ctx.state.credential = credential;
    }
    await next();
  });
  app.use(rateLimit({ store, limit, windowMs: 60_000, clock }));
  app.use((ctx) => {
    ctx.body = { ok: true };
  });
  return app;
}

describe('rateLimit middleware', () => {
  let clock: SettableClock;
  let app: Koa;

  beforeEach(() => {
    clock = new SettableClock(START);
    app = appWith(new MemoryRateLimitStore(), clock);
  });

  const call = (key?: string) => {
    const req = request(app.callback()).get('/v1/me');
    return key ? req.set('X-Test-Key', key) : req;
  };

  it('sets the RateLimit headers on every response, remaining counting down', async () => {
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call('s1');
      expect(res.status).to.equal(200);
      expect(res.headers['ratelimit-limit']).to.equal('3');
      expect(res.headers['ratelimit-reset']).to.equal('60');
      expect(res.headers).not.to.have.property('retry-after');
      remaining.push(res.headers['ratelimit-remaining']);
    }
    expect(remaining).to.deep.equal(['2', '1', '0']);
  });

  it('counts the reset down in whole seconds as time passes', async () => {
    await call('s1');
    clock.ms = START + 15_500;
    expect((await call('s1')).headers['ratelimit-reset']).to.equal('45');
  });

  it('answers 429 with Retry-After once the limit is reached, and lets through again in the next window', async () => {
    for (let i = 0; i < 3; i++) await call('s1');
    clock.ms = START + 20_000;

    const refused = await call('s1');
    expect(refused.status).to.equal(429);
    expect(refused.headers['retry-after']).to.equal('40');
    expect(refused.headers['ratelimit-remaining']).to.equal('0');
    expect(refused.headers['ratelimit-reset']).to.equal('40');
    expect(refused.body.error.code).to.equal('rate_limited');
    expect(refused.body.error.message).to.match(/retry in 40 seconds/);

    clock.ms = START + 60_000;
    const again = await call('s1');
    expect(again.status).to.equal(200);
    expect(again.headers['ratelimit-remaining']).to.equal('2');
  });

  it('asks for at least one second when the window ends within this one', async () => {
    for (let i = 0; i < 3; i++) await call('s1');
    clock.ms = START + 59_999;
    const refused = await call('s1');
    expect(refused.status).to.equal(429);
    expect(refused.headers['retry-after']).to.equal('1');
  });

  it('counts each credential separately', async () => {
    for (let i = 0; i < 3; i++) await call('s1');
    expect((await call('s1')).status).to.equal(429);

    const other = await call('s2');
    expect(other.status).to.equal(200);
    expect(other.headers['ratelimit-remaining']).to.equal('2');
  });

  it('counts a request without a credential against its client address, apart from credentials', async () => {
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) remaining.push((await call()).headers['ratelimit-remaining']!);
    expect(remaining).to.deep.equal(['2', '1', '0']);
    expect((await call()).status).to.equal(429);
    expect((await call('s1')).status, 'a credential has its own window').to.equal(200);
  });

  it('answers 503 with a short Retry-After when the store fails', async () => {
    const broken: RateLimitStore = {
      hit: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379')),
      count: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379')),
    };
    app = appWith(broken, clock);

    const res = await call('s1');
    expect(res.status).to.equal(503);
    expect(res.body.error.code).to.equal('rate_limiter_unavailable');
    expect(res.body.error.message).not.to.match(/ECONNREFUSED/);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).to.be.within(1, 30);
  });

  it('refuses a limit or window that is not a positive integer at start', () => {
    const store = new MemoryRateLimitStore();
    expect(() => rateLimit({ store, limit: 0, windowMs: 1000, clock })).to.throw(RangeError);
    expect(() => rateLimit({ store, limit: 5, windowMs: 1.5, clock })).to.throw(RangeError);
  });
});
