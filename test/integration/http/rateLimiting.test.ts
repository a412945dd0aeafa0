import { expect } from 'chai';
import { api } from '../../support/openapi';
import { DATABASE_KINDS, serverFor } from '../../support/databases';
import { REDIS_URL, requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';
import { OWNER_EMAIL } from '../../support/data/people';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('HTTP rate limiting', function () {
  for (const kind of DATABASE_KINDS) {
    describe(`in memory (the default), on ${kind}`, () => {
      let t: TestApp;
      let key: string;
      let otherKey: string;

      before(async function () {
        const server = serverFor(kind);
        if (server) await requireServer(this, server);
        t = await startTestApp(await freshDatabaseEnv(kind), { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '60' });
        await t.given.user(OWNER_EMAIL);
        const workspaceId = await t.given.workspace(OWNER_EMAIL);
        key = (await t.given.apiKey(workspaceId, OWNER_EMAIL, 'owner')).key;
        otherKey = (await t.given.apiKey(workspaceId, OWNER_EMAIL, 'viewer')).key;
      });
      after(async () => t?.close());

      it('counts down, then answers 429 with Retry-After, per credential', async () => {
        const remaining: string[] = [];
        for (let i = 0; i < 3; i++) {
          remaining.push((await api(t.app).get('/v1/me').set(bearer(key)).expect(200)).headers['ratelimit-remaining']!);
        }
        expect(remaining).to.deep.equal(['2', '1', '0']);
        const limited = await api(t.app).get('/v1/me').set(bearer(key)).expect(429);
        expect(limited.body.error).to.include({ type: 'RateLimitedError', code: 'rate_limited' });
        expect(Number(limited.headers['retry-after'])).to.be.within(1, 60);
        expect(limited.headers['ratelimit-remaining']).to.equal('0');
        await api(t.app).get('/v1/me').set(bearer(otherKey)).expect(200);
      });

      it('limits refused tokens per client address: guessing keys ends in 429, valid keys unaffected', async () => {
        const guess = () =>
          api(t.app)
            .get('/v1/me')
            .set(bearer(`dsk_${'G'.repeat(43)}`));
        const first = await guess().expect(401);
        expect(first.headers).to.have.property('ratelimit-limit', '3');
        await guess().expect(401);
        await guess().expect(401);
        await guess().expect(429);
        await api(t.app).get('/openapi.json').expect(429);
        await api(t.app).get('/health').expect(200);
        await api(t.app).get('/v1/me').set(bearer(otherKey)).expect(200);
      });
    });
  }

  describe('in Redis, shared by two instances', () => {
    let first: TestApp;
    let second: TestApp;
    let key: string;

    before(async function () {
      await requireServer(this, 'Redis');
      const database = await freshDatabaseEnv('sqlite');
      const env = { RATE_LIMIT_STORE: 'redis', REDIS_URL, RATE_LIMIT_MAX: '4', RATE_LIMIT_WINDOW_SECONDS: '60' };
      first = await startTestApp(database, env);
      second = await startTestApp(database, env);
      await first.given.user(OWNER_EMAIL);
      const workspaceId = await first.given.workspace(OWNER_EMAIL);
      key = (await first.given.apiKey(workspaceId, OWNER_EMAIL, 'owner')).key;
    });
    after(async () => {
      await first?.close();
      await second?.close();
    });

    it('enforces one limit across both instances', async () => {
      const seen: string[] = [];
      for (const t of [first, second, first, second]) {
        seen.push((await api(t.app).get('/v1/me').set(bearer(key)).expect(200)).headers['ratelimit-remaining']!);
      }
      expect(seen).to.deep.equal(['3', '2', '1', '0']);
      await api(first.app).get('/v1/me').set(bearer(key)).expect(429);
      await api(second.app).get('/v1/me').set(bearer(key)).expect(429);
    });

    it('reports Redis in /health', async () => {
      const res = await api(first.app).get('/health').expect(200);
      expect(res.body.checks).to.deep.equal({ database: 'ok', redis: 'ok' });
    });
  });
});
