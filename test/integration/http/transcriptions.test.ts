import { expect } from 'chai';
import { TOKENS } from '../../../config/tokens';
import { DATABASE_KINDS, serverFor } from '../../support/databases';
import { FakeTranscriptionServer } from '../../support/fakes/fakeTranscriptionServer';
import { LocalHttpServer } from '../../support/localHttpServer';
import { api } from '../../support/openapi';
import { requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const REEL = Buffer.from('ID3 fake reel audio bytes '.repeat(40));
const FREE_LIMIT = 5;

for (const kind of DATABASE_KINDS) {
  describe(`Transcriptions on ${kind}`, function () {
    let t: TestApp;
    let fake: FakeTranscriptionServer;
    let reels: LocalHttpServer;
    let people = 0;

    /** A person with a workspace of their own (so their session carries the owner's scopes). */
    async function person(): Promise<{ userId: string; token: string }> {
      const email = `person${++people}@example.com`;
      const userId = await t.given.user(email);
      await t.given.workspace(email);
      return { userId, token: await t.given.session(email) };
    }

    const create = (token: string, reelUrl = reels.url('/reel/Cx9AbC_12/')) => api(t.app).post('/v1/transcriptions').set(bearer(token)).send({ reelUrl });
    const usage = async (token: string) => (await api(t.app).get('/v1/transcriptions/usage').set(bearer(token)).expect(200)).body;

    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      fake = await FakeTranscriptionServer.start('sk-test-key');
      reels = await LocalHttpServer.start('127.0.0.1', (request, response) => {
        if (request.url?.startsWith('/reel/')) {
          response.writeHead(200, { 'content-type': 'video/mp4' });
          response.end(REEL);
        } else {
          response.writeHead(404);
          response.end();
        }
      });
      t = await startTestApp(await freshDatabaseEnv(kind), {
        OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'true',
        TRANSCRIPTION_API_URL: fake.baseUrl,
        TRANSCRIPTION_API_KEY: 'sk-test-key',
        TRANSCRIPTION_MODEL: 'whisper-test',
        TRANSCRIPTION_FREE_MONTHLY_LIMIT: String(FREE_LIMIT),
      });
    });
    after(async () => {
      await t?.close();
      await fake?.stop();
      await reels?.stop();
    });

    it('fetches the reel, sends it to the provider as multipart with model and key, and answers the transcription', async () => {
      const { token } = await person();
      const res = await create(token).expect(201);
      expect(res.body).to.include({ reelId: 'Cx9AbC_12', reelUrl: reels.url('/reel/Cx9AbC_12/'), language: 'english', durationSeconds: 12.5, altText: null });
      expect(res.body.text).to.equal(`Transcribed ${REEL.length} bytes of Cx9AbC_12`);
      expect(res.body.createdAt).to.be.a('number');
      const sent = fake.received.at(-1)!;
      expect(sent).to.include({ authorization: 'Bearer sk-test-key', model: 'whisper-test', responseFormat: 'verbose_json' });
      expect(sent.fileBytes!.equals(REEL)).to.equal(true);
      const listed = await api(t.app).get('/v1/transcriptions').set(bearer(token)).expect(200);
      expect(listed.body.page.map((x: { id: string }) => x.id)).to.deep.equal([res.body.id]);
      expect(listed.body.isDone).to.equal(true);
      expect((await usage(token)).used).to.equal(1);
    });

    it('answers 422 transcription_failed when the provider refuses the media, 503 transcription_unavailable when it fails, and gives the slot back', async () => {
      const { token } = await person();
      fake.failNext(400);
      expect((await create(token).expect(422)).body.error).to.include({ type: 'ValidationError', code: 'transcription_failed' });
      for (const status of [401, 429, 500] as const) {
        fake.failNext(status);
        const res = await create(token).expect(503);
        expect(res.body.error).to.include({ code: 'transcription_unavailable' });
        expect(res.body.error.message).to.include(`HTTP ${status}`);
      }
      expect((await usage(token)).used).to.equal(0);
      const listed = await api(t.app).get('/v1/transcriptions').set(bearer(token)).expect(200);
      expect(listed.body.page).to.deep.equal([]);
    });

    it('answers 422 reel_unreachable for a reel that cannot be fetched, without counting it', async () => {
      const { token } = await person();
      const res = await create(token, reels.url('/missing.mp4')).expect(422);
      expect(res.body.error).to.include({ code: 'reel_unreachable' });
      expect((await usage(token)).used).to.equal(0);
    });

    it('answers 402 QuotaExceededError once the free monthly limit is used', async () => {
      const { token } = await person();
      for (let i = 0; i < FREE_LIMIT; i++) await create(token).expect(201);
      const res = await create(token).expect(402);
      expect(res.body.error).to.include({ type: 'QuotaExceededError', code: 'quota_exceeded' });
      const u = await usage(token);
      expect(u).to.include({ used: FREE_LIMIT, limit: FREE_LIMIT, isSubscribed: false, isSortedActive: false, stripeCustomerId: null });
      const now = new Date();
      expect(u.periodEnd).to.equal(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    });

    it('never passes the limit under 20 concurrent creations', async () => {
      const { token } = await person();
      const answers = await Promise.all(Array.from({ length: 20 }, () => create(token)));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).to.have.length(FREE_LIMIT);
      expect(statuses.filter((s) => s === 402)).to.have.length(20 - FREE_LIMIT);
      expect((await usage(token)).used).to.equal(FREE_LIMIT);
      const listed = await api(t.app).get('/v1/transcriptions?limit=100').set(bearer(token)).expect(200);
      expect(listed.body.page).to.have.length(FREE_LIMIT);
    });

    it("reports a subscribed plan's limits, period and customer, and counts to its hard limit", async () => {
      const { userId, token } = await person();
      const periodEnd = new Date(Date.now() + 10 * 86_400_000);
      periodEnd.setUTCMilliseconds(0);
      await t.composition.get(TOKENS.BillingAccounts).save({
        userId,
        customerId: 'cus_TEST123',
        subscription: { id: 'sub_TEST123', productId: 'transcriptions-pro', status: 'active', currentPeriodEnd: periodEnd },
        updatedAt: new Date(),
      });
      for (let i = 0; i < FREE_LIMIT + 1; i++) await create(token).expect(201);
      expect(await usage(token)).to.deep.equal({
        used: FREE_LIMIT + 1,
        limit: 150,
        periodEnd: periodEnd.getTime(),
        isSortedActive: true,
        isSubscribed: true,
        paidSoftLimit: 100,
        paidHardLimit: 150,
        stripeCustomerId: 'cus_TEST123',
      });
    });

    describe('paging', () => {
      let owner: { userId: string; token: string };
      const inserted: string[] = [];

      before(async () => {
        owner = await person();
        const store = t.composition.get(TOKENS.Transcriptions);
        const base = Date.UTC(2026, 0, 1);
        for (let i = 0; i < 250; i++) {
          const id = `01TEST${String(i).padStart(20, '0')}`;
          inserted.push(id);
          // Pairs share a millisecond: the id orders them.
          const createdAt = new Date(base + Math.floor(i / 2) * 1000);
          await store.add({
            id,
            userId: owner.userId,
            reelId: `r${i}`,
            reelUrl: `https://example.com/r${i}`,
            text: `t${i}`,
            altText: null,
            language: 'en',
            durationSeconds: i,
            createdAt,
          });
        }
      });

      it('pages through 250 items newest first, none lost or repeated, even when items are added between pages', async () => {
        const seen: string[] = [];
        let cursor: string | null = null;
        let pages = 0;
        for (;;) {
          const query: Record<string, string> = cursor === null ? { limit: '40' } : { limit: '40', cursor };
          const res = await api(t.app).get('/v1/transcriptions').query(query).set(bearer(owner.token)).expect(200);
          seen.push(...res.body.page.map((x: { id: string }) => x.id));
          pages += 1;
          if (pages === 2) await create(owner.token).expect(201);
          if (res.body.isDone) break;
          cursor = res.body.continueCursor;
          expect(pages).to.be.lessThan(20);
        }
        expect(seen).to.deep.equal([...inserted].reverse());
        expect(pages).to.equal(7);
      });

      it('defaults to 20 items and refuses a limit outside 1..100 with 422', async () => {
        const res = await api(t.app).get('/v1/transcriptions').set(bearer(owner.token)).expect(200);
        expect(res.body.page.length).to.equal(20);
        expect(res.body.isDone).to.equal(false);
        for (const limit of ['0', '101', 'abc', '-1']) {
          const bad = await api(t.app).get('/v1/transcriptions').query({ limit }).set(bearer(owner.token)).expect(422);
          expect(bad.body.error).to.include({ type: 'ValidationError', code: 'invalid_query' });
        }
      });

      it('refuses a tampered or forged cursor with 422', async () => {
        const first = await api(t.app).get('/v1/transcriptions').query({ limit: '5' }).set(bearer(owner.token)).expect(200);
        const cursor: string = first.body.continueCursor;
        const [body, mac] = cursor.split('.');
        const decoded = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8'));
        decoded[2] = inserted[0];
        const tampered = `${Buffer.from(JSON.stringify(decoded)).toString('base64url')}.${mac}`;
        for (const bad of [tampered, `${body}.${'A'.repeat(mac!.length)}`, 'not-a-cursor', `${body}`]) {
          const res = await api(t.app).get('/v1/transcriptions').query({ cursor: bad }).set(bearer(owner.token)).expect(422);
          expect(res.body.error).to.include({ code: 'invalid_cursor' });
        }
      });

      it("refuses another person's cursor with 422, never showing their items", async () => {
        const first = await api(t.app).get('/v1/transcriptions').query({ limit: '5' }).set(bearer(owner.token)).expect(200);
        const other = await person();
        const res = await api(t.app).get('/v1/transcriptions').query({ cursor: first.body.continueCursor }).set(bearer(other.token)).expect(422);
        expect(res.body.error).to.include({ code: 'invalid_cursor' });
        expect(JSON.stringify(res.body)).to.not.include('01TEST');
      });
    });

    it('needs stats:read to read and media:write to create (403 for a key without them)', async () => {
      const email = `scoped${kind}@example.com`;
      await t.given.user(email);
      const workspaceId = await t.given.workspace(email);
      const { key } = await t.given.apiKey(workspaceId, email, 'owner', ['posts:read']);
      for (const path of ['/v1/transcriptions', '/v1/transcriptions/usage']) {
        const res = await api(t.app).get(path).set(bearer(key)).expect(403);
        expect(res.body.error.type).to.equal('ForbiddenError');
      }
      await create(key).expect(403);
    });

    it('answers 401 without a credential', async () => {
      await api(t.app).get('/v1/transcriptions').expect(401);
      await api(t.app).get('/v1/transcriptions/usage').expect(401);
    });
  });
}

describe('Transcriptions without a provider', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp(await freshDatabaseEnv('sqlite'));
  });
  after(async () => t?.close());

  it('answers 503 transcription_not_configured naming the setting, and counts nothing', async () => {
    const userId = await t.given.user('alone@example.com');
    await t.given.workspace('alone@example.com');
    const token = await t.given.session('alone@example.com');
    const res = await api(t.app).post('/v1/transcriptions').set(bearer(token)).send({ reelUrl: 'https://example.com/reel/abc' }).expect(503);
    expect(res.body.error).to.include({ code: 'transcription_not_configured' });
    expect(res.body.error.message).to.include('TRANSCRIPTION_API_URL');
    expect(await t.composition.get(TOKENS.TranscriptionUsage).used(userId, 'any')).to.equal(0);
    const u = (await api(t.app).get('/v1/transcriptions/usage').set(bearer(token)).expect(200)).body;
    expect(u.used).to.equal(0);
  });

  it('answers a URL that can never work 422 invalid_url all the same, not a 503 to retry', async () => {
    await t.given.user('careless@example.com');
    await t.given.workspace('careless@example.com');
    const token = await t.given.session('careless@example.com');
    for (const reelUrl of ['ftp://x.example/y', 'https://u:p@x.example/y', 'not a url']) {
      const res = await api(t.app).post('/v1/transcriptions').set(bearer(token)).send({ reelUrl }).expect(422);
      expect(res.body.error, reelUrl).to.include({ code: 'invalid_url' });
    }
  });
});
