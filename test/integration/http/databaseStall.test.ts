import { expect } from 'chai';
import { type ProxiedWorld, startBehindProxy } from '../../support/appBehindProxy';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The statement that stores a post: stalling on it freezes the server in the middle of a create. */
const POST_INSERT = 'INSERT INTO posts (';

/** Sends a request and returns its response with how long it took. */
async function timed<T>(request: PromiseLike<T>): Promise<{ res: T; ms: number }> {
  const started = Date.now();
  const res = await request;
  return { res, ms: Date.now() - started };
}

describe('the JSON API while MariaDB is frozen: each statement is bounded (DATABASE_*_TIMEOUT_MS)', () => {
  let w: ProxiedWorld;

  before(async function () {
    w = await startBehindProxy(this, {
      DATABASE_CONNECT_TIMEOUT_MS: '500',
      DATABASE_ACQUIRE_TIMEOUT_MS: '500',
      DATABASE_STATEMENT_TIMEOUT_MS: '500',
      REQUEST_TIMEOUT_MS: '10000',
    });
  });
  after(async () => w?.close());
  afterEach(() => w?.proxy.release());

  it('answers 503 database_unavailable within the budget instead of hanging, and 200 once the server moves again', async () => {
    await w.api.get('/v1/me').set(w.auth).expect(200);
    w.proxy.stall();
    for (const request of [w.api.get('/v1/me').set(w.auth), w.api.get(w.posts).set(w.auth), w.api.post(w.posts).set(w.auth).send(w.draft('frozen'))]) {
      const { res, ms } = await timed(request);
      expect(res.status, JSON.stringify(res.body)).to.equal(503);
      expect(res.body.error.code).to.equal('database_unavailable');
      expect(res.headers['retry-after']).to.match(/^\d+$/);
      // A pooled connection's statement (500 ms), or a new connection's wait (500 ms), with room for a slow machine.
      expect(ms).to.be.below(2500);
    }
    w.proxy.release();
    await w.api.get('/v1/me').set(w.auth).expect(200);
    expect(w.logs.count('database unavailable')).to.equal(1);
  });

  it('never stores a create whose insert stalled past the budget, even once the server delivers it', async () => {
    w.proxy.stallWhenClientSends(POST_INSERT);
    const { res, ms } = await timed(w.api.post(w.posts).set(w.auth).send(w.draft('stalled insert')));
    expect(res.status, JSON.stringify(res.body)).to.equal(503);
    expect(res.body.error.code).to.equal('database_unavailable');
    expect(ms).to.be.below(2500);
    w.proxy.release(); // the server now receives the held INSERT, then the dropped connection's end
    await pause(300);
    expect(await w.storedWith('stalled insert')).to.equal(0);
    await w.api.post(w.posts).set(w.auth).send(w.draft('after the stall')).expect(200);
    expect(await w.storedWith('after the stall')).to.equal(1);
  });
});

describe('the JSON API past its request ceiling (REQUEST_TIMEOUT_MS)', () => {
  let w: ProxiedWorld;

  before(async function () {
    // Statements may take long here, so the request's own ceiling is what gives up first.
    w = await startBehindProxy(this, { DATABASE_STATEMENT_TIMEOUT_MS: '10000', REQUEST_TIMEOUT_MS: '800' });
  });
  after(async () => w?.close());
  afterEach(() => w?.proxy.release());

  it('answers 503 request_timeout, and rolls the create back when the server resumes rather than commit it', async () => {
    w.proxy.stallWhenClientSends(POST_INSERT);
    const { res, ms } = await timed(w.api.post(w.posts).set(w.auth).set('Idempotency-Key', 'ceiling-1').send(w.draft('gave up')));
    expect(res.status, JSON.stringify(res.body)).to.equal(503);
    expect(res.body.error).to.include({ type: 'HealthUnavailable', code: 'request_timeout' });
    expect(res.headers['retry-after']).to.match(/^\d+$/);
    expect(ms).to.be.within(700, 3000);
    // The unit of work goes on once the server answers: it must reach its end and roll back.
    w.proxy.release();
    await pause(500);
    expect(await w.storedWith('gave up')).to.equal(0);
    // The key was released, not kept with the 503: a retry runs the create.
    await w.api.post(w.posts).set(w.auth).set('Idempotency-Key', 'ceiling-1').send(w.draft('gave up')).expect(200);
    expect(await w.storedWith('gave up')).to.equal(1);
  });
});
