import { expect } from 'chai';
import { type Response } from 'supertest';
import { type ProxiedWorld, startBehindProxy } from '../../support/appBehindProxy';

/** A 503 in the API's error body that tells the client to come back, never a 500. */
function expectUnavailable(res: Response, code = 'database_unavailable'): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(503);
  expect(res.body.error).to.include({ type: 'HealthUnavailable', code });
  expect(res.headers['retry-after']).to.match(/^\d+$/);
}

describe('the JSON API while MariaDB is unreachable (docs/errors.md, database_unavailable)', () => {
  let w: ProxiedWorld;

  before(async function () {
    w = await startBehindProxy(this, { DATABASE_CONNECT_TIMEOUT_MS: '500', DATABASE_ACQUIRE_TIMEOUT_MS: '500', DATABASE_STATEMENT_TIMEOUT_MS: '500' });
  });
  after(async () => w?.close());

  it('answers 503 with Retry-After on every request, logs the outage once and the recovery once, and serves again once it is back', async () => {
    await w.api.get('/v1/me').set(w.auth).expect(200);
    await w.api.get(w.posts).set(w.auth).expect(200);
    await w.proxy.stop();

    for (let round = 0; round < 3; round += 1) {
      expectUnavailable(await w.api.get('/v1/me').set(w.auth));
      expectUnavailable(await w.api.get(w.posts).set(w.auth));
      expectUnavailable(
        await w.api
          .post(w.posts)
          .set(w.auth)
          .send(w.draft(`while down ${round}`)),
      );
      expectUnavailable(
        await w.api
          .post(w.posts)
          .set(w.auth)
          .set('Idempotency-Key', `down-${round}`)
          .send(w.draft(`keyed ${round}`)),
      );
    }
    expect(w.logs.count('database unavailable')).to.equal(1);
    expect(w.logs.count('database available again')).to.equal(0);
    expect(w.logs.lines.filter((line) => line.level === 'error')).to.deep.equal([]);
    expect(w.logs.withStacks()).to.deep.equal([]);

    await w.proxy.start();
    await w.api.get('/v1/me').set(w.auth).expect(200);
    await w.api.get(w.posts).set(w.auth).expect(200);
    const created = await w.api.post(w.posts).set(w.auth).set('Idempotency-Key', 'down-0').send(w.draft('keyed 0'));
    expect(created.status, JSON.stringify(created.body)).to.equal(200);
    expect(w.logs.count('database available again'), 'answering, but not yet for a second').to.equal(0);
    // Back once it has answered a second without a failure (AvailabilityLog), on the service's clock.
    w.clock.advance(1100);
    await w.api.get('/v1/me').set(w.auth).expect(200);
    expect(w.logs.count('database unavailable')).to.equal(1);
    expect(w.logs.count('database available again')).to.equal(1);
    expect(await w.storedWith('while down')).to.equal(0);
  });

  it('answers GET /health 503 naming the database while it is down, as before', async () => {
    await w.proxy.stop();
    const down = await w.api.get('/health').expect(503);
    expect(down.body.checks).to.deep.equal({ database: 'unavailable' });
    await w.proxy.start();
    await w.api.get('/health').expect(200);
  });
});
