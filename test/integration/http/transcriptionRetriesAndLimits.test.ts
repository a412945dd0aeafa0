import { expect } from 'chai';
import { TOKENS } from '../../../config/tokens';
import { DATABASE_KINDS, serverFor } from '../../support/databases';
import { FakeTranscriptionServer } from '../../support/fakes/fakeTranscriptionServer';
import { LocalHttpServer } from '../../support/localHttpServer';
import { api } from '../../support/openapi';
import { requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';
import { eventually } from '../../support/workerProcess';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A small paid plan, so its hard limit is reached in a test. */
const PRODUCTS = [
  { id: 'reels-small', name: 'Reels Small', kind: 'transcriptions', priceId: 'price_small', softLimit: 2, hardLimit: 3 },
  { id: 'workspace-pro', name: 'Workspace Pro', kind: 'workspace', priceId: 'price_ws', plan: 'pro' },
];

/** What a client retrying POST /v1/transcriptions sees (its Idempotency-Key, a 503 that leaves nothing behind), and a paid plan's hard limit. */
for (const kind of DATABASE_KINDS) {
  describe(`Transcriptions, retried and at the hard limit, on ${kind}`, function () {
    let t: TestApp;
    let fake: FakeTranscriptionServer;
    let reels: LocalHttpServer;
    let people = 0;

    async function person(): Promise<string> {
      return (await personWithId()).token;
    }
    async function personWithId(): Promise<{ userId: string; token: string }> {
      const email = `retry${++people}@example.com`;
      const userId = await t.given.user(email);
      await t.given.workspace(email);
      return { userId, token: await t.given.session(email) };
    }
    const create = (token: string, reel = 'Rt1', key?: string) => {
      const request = api(t.app).post('/v1/transcriptions').set(bearer(token));
      if (key !== undefined) request.set('Idempotency-Key', key);
      return request.send({ reelUrl: reels.url(`/reel/${reel}/`) });
    };
    const used = async (token: string): Promise<number> => (await api(t.app).get('/v1/transcriptions/usage').set(bearer(token)).expect(200)).body.used;
    const listed = async (token: string): Promise<string[]> =>
      (await api(t.app).get('/v1/transcriptions').set(bearer(token)).expect(200)).body.page.map((x: { id: string }) => x.id);

    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      fake = await FakeTranscriptionServer.start('sk-retry');
      reels = await LocalHttpServer.start('127.0.0.1', (_request, response) => {
        response.writeHead(200, { 'content-type': 'audio/mpeg' });
        response.end(Buffer.from('ID3 reel'));
      });
      t = await startTestApp(await freshDatabaseEnv(kind), {
        OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'true',
        TRANSCRIPTION_API_URL: fake.baseUrl,
        TRANSCRIPTION_API_KEY: 'sk-retry',
        REQUEST_TIMEOUT_MS: '2000',
        BILLING_PRODUCTS: JSON.stringify(PRODUCTS),
      });
    });
    after(async () => {
      await t?.close();
      await fake?.stop();
      await reels?.stop();
    });

    it('replays the first answer to a retry with the same Idempotency-Key: one transcription, counted once', async () => {
      const token = await person();
      const first = await create(token, 'Rt1', 'reel-once').expect(201);
      const again = await create(token, 'Rt1', 'reel-once').expect(201);
      expect(again.headers['idempotent-replayed']).to.equal('true');
      expect(again.body).to.deep.equal(first.body);
      expect(await used(token)).to.equal(1);
      expect(await listed(token)).to.deep.equal([first.body.id]);
      const other = await create(token, 'Rt2', 'reel-once').expect(409);
      expect(other.body.error).to.include({ type: 'ConflictError', code: 'idempotency_key_reused' });
      expect(fake.received).to.have.length(1);
    });

    it('keeps Idempotency-Keys apart per person: the same key of another person makes their own', async () => {
      const [a, b] = [await person(), await person()];
      const mine = await create(a, 'Rt3', 'shared-key').expect(201);
      const theirs = await create(b, 'Rt3', 'shared-key').expect(201);
      expect(theirs.body.id).to.not.equal(mine.body.id);
      expect(theirs.headers['idempotent-replayed']).to.equal(undefined);
    });

    it('a request past its deadline answers 503 request_timeout, stops the provider call, and stores and counts nothing', async () => {
      const token = await person();
      fake.hold();
      const res = await create(token, 'Slow1', 'slow-reel');
      expect(res.status, JSON.stringify(res.body)).to.equal(503);
      expect(res.body.error).to.include({ code: 'request_timeout' });
      await eventually(() => fake.abandoned === 1, 5000, 'the provider call to be abandoned');
      fake.release();
      await eventually(async () => (await used(token)) === 0, 5000, 'the slot to be given back');
      expect(await listed(token)).to.deep.equal([]);
      // The 503 was not kept under the key: the retry runs, and counts once.
      await create(token, 'Slow1', 'slow-reel').expect(201);
      expect(await used(token)).to.equal(1);
    });

    it("never passes a paid plan's hard limit under 20 concurrent creations, past its soft limit meanwhile", async () => {
      const { userId, token } = await personWithId();
      await t.composition.get(TOKENS.BillingAccounts).save({
        userId,
        customerId: 'cus_small',
        subscription: { id: 'sub_small', productId: 'reels-small', status: 'active', currentPeriodEnd: new Date(Date.now() + 5 * 86_400_000) },
        updatedAt: new Date(),
      });
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => create(token, `Hard${i}`)));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).to.have.length(3);
      expect(statuses.filter((s) => s === 402)).to.have.length(17);
      expect(answers.find((r) => r.status === 402)!.body.error).to.include({ type: 'QuotaExceededError', code: 'quota_exceeded' });
      const usage = (await api(t.app).get('/v1/transcriptions/usage').set(bearer(token)).expect(200)).body;
      expect(usage).to.include({ used: 3, limit: 3, paidSoftLimit: 2, paidHardLimit: 3, isSubscribed: true });
      expect(await listed(token)).to.have.length(3);
    });
  });
}

describe('Transcriptions behind the outbound-address guard', () => {
  let t: TestApp;
  let reels: LocalHttpServer;
  before(async () => {
    reels = await LocalHttpServer.start('127.0.0.1', (_request, response) => {
      response.writeHead(200, { 'content-type': 'audio/mpeg' });
      response.end(Buffer.from('ID3 reel'));
    });
    // The provider is never reached: every reel here is refused before it.
    t = await startTestApp(await freshDatabaseEnv('sqlite'), { TRANSCRIPTION_API_URL: 'http://127.0.0.1:9' });
  });
  after(async () => {
    await t?.close();
    await reels?.stop();
  });

  it('refuses a reel on a loopback, private or metadata address with 422 reel_unreachable, counting nothing', async () => {
    await t.given.user('guarded@example.com');
    await t.given.workspace('guarded@example.com');
    const token = await t.given.session('guarded@example.com');
    for (const reelUrl of [reels.url('/reel/local/'), 'http://10.0.0.8/reel/x', 'http://169.254.169.254/latest/meta-data/']) {
      const res = await api(t.app).post('/v1/transcriptions').set(bearer(token)).send({ reelUrl }).expect(422);
      expect(res.body.error).to.include({ code: 'reel_unreachable' });
      expect(res.body.error.details[0].message).to.match(/private address|not allowed|metadata/);
    }
    expect((await api(t.app).get('/v1/transcriptions/usage').set(bearer(token)).expect(200)).body.used).to.equal(0);
  });
});
