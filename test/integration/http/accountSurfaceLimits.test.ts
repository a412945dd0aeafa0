import { expect } from 'chai';
import { api } from '../../support/openapi';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The person's own operations (no workspace in the path) of docs/account.md. */
const OPERATIONS = [
  { name: 'me.emailPreferences', method: 'get', path: '/v1/me/email-preferences', ok: 200 },
  {
    name: 'me.updateEmailPreferences',
    method: 'put',
    path: '/v1/me/email-preferences',
    ok: 200,
    body: { productLifecycleEnabled: false, marketingEnabled: false },
  },
  { name: 'transcriptions.list', method: 'get', path: '/v1/transcriptions', ok: 200 },
  { name: 'transcriptions.usage', method: 'get', path: '/v1/transcriptions/usage', ok: 200 },
  { name: 'transcriptions.checkout', method: 'post', path: '/v1/transcriptions/checkout', ok: 200, body: { productId: 'transcriptions-pro' } },
] as const;

// Rate limiting and authentication are not storage behaviours: SQLite is enough.
describe('the account surface: 401 without a credential, 429 past the budget', () => {
  // Requests without a credential are counted per client address: the 401s get a budget of their own.
  let open: TestApp;
  let t: TestApp;
  let people = 0;
  before(async () => {
    open = await startTestApp(await freshDatabaseEnv('sqlite'));
    t = await startTestApp(await freshDatabaseEnv('sqlite'), { RATE_LIMIT_MAX: '2' });
  });
  after(async () => {
    await open?.close();
    await t?.close();
  });

  for (const op of OPERATIONS) {
    const send = (headers: Record<string, string>, app = t) => {
      const request = api(app.app)[op.method](op.path).set(headers);
      return 'body' in op ? request.send(op.body) : request;
    };

    it(`${op.name}: 401 without a credential`, async () => {
      const res = await send({}, open).expect(401);
      expect(res.body.error).to.include({ type: 'UnauthorizedError', code: 'missing_credential' });
    });

    it(`${op.name}: 429 with Retry-After once the credential has spent its budget`, async () => {
      const email = `limits${++people}@example.com`;
      await t.given.user(email);
      const ws = await t.given.workspace(email);
      const { key } = await t.given.apiKey(ws, email, 'owner');
      for (let i = 0; i < 2; i++) await send(bearer(key)).expect(op.ok);
      const res = await send(bearer(key)).expect(429);
      expect(res.body.error).to.include({ type: 'RateLimitedError', code: 'rate_limited' });
      expect(res.headers['retry-after']).to.match(/^\d+$/);
    });
  }

  it('transcriptions.create: 401 without a credential, 429 past the budget (before any quota is spent)', async () => {
    await api(open.app).post('/v1/transcriptions').send({ reelUrl: 'https://example.com/reel/x' }).expect(401);
    const email = `limits${++people}@example.com`;
    await t.given.user(email);
    const ws = await t.given.workspace(email);
    const { key } = await t.given.apiKey(ws, email, 'owner');
    // No provider here: each answer is 503 transcription_not_configured, and the third is refused first.
    for (let i = 0; i < 2; i++) await api(t.app).post('/v1/transcriptions').set(bearer(key)).send({ reelUrl: 'https://example.com/reel/x' }).expect(503);
    await api(t.app).post('/v1/transcriptions').set(bearer(key)).send({ reelUrl: 'https://example.com/reel/x' }).expect(429);
  });
});
