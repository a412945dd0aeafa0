import { expect } from 'chai';
import { type WebhookDeliveryLoop } from '../../../adapters/inbound/worker/WebhookDeliveryLoop';
import { buildWebhookDelivery } from '../../../config/publishingWorker';
import { TOKENS as T } from '../../../config/tokens';
import { type Role } from '../../../domain/workspace/Role';
import { DATABASE_KINDS, type DatabaseKind, serverFor } from '../../support/databases';
import { ADMIN_EMAIL, EDITOR_EMAIL, OTHER_OWNER_EMAIL, OWNER_EMAIL, VIEWER_EMAIL } from '../../support/data/people';
import { api, type ApiClient } from '../../support/openapi';
import { requireServer } from '../../support/services';
import { ShiftedClock } from '../../support/shiftedClock';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';
import { QUICK_WEBHOOKS } from '../../support/webhooks/webhookApp';
import { WebhookReceiver } from '../../support/webhooks/webhookReceiver';
import { eventually } from '../../support/workerProcess';

type Auth = { Authorization: string };

/** Time that stands still from the moment it is made: every change falls in the same millisecond. */
class StillClock extends ShiftedClock {
  private readonly at = Date.now();
  override now(): Date {
    return new Date(this.at);
  }
}

/** The service with a workspace and its owner's key, a delivery loop, on a clock the test moves. */
class SubscriptionsApp {
  private constructor(
    readonly t: TestApp,
    readonly http: ApiClient,
    readonly workspaceId: string,
    readonly auth: Auth,
    readonly clock: ShiftedClock,
    private readonly loop: WebhookDeliveryLoop,
  ) {}

  static async start(kind: DatabaseKind, env: Record<string, string> = {}, clock: ShiftedClock = new ShiftedClock()): Promise<SubscriptionsApp> {
    const t = await startTestApp(await freshDatabaseEnv(kind), { ...QUICK_WEBHOOKS, ...env }, { replace: (w) => w.replace(T.Clock, clock) });
    await t.given.user(OWNER_EMAIL);
    const ws = await t.given.workspace(OWNER_EMAIL);
    const key = (await t.given.apiKey(ws, OWNER_EMAIL, 'owner')).key;
    const loop = buildWebhookDelivery(t.composition, 20);
    loop.start();
    return new SubscriptionsApp(t, api(t.app), ws, { Authorization: `Bearer ${key}` }, clock, loop);
  }

  get base(): string {
    return `/v1/workspaces/${this.workspaceId}/webhooks`;
  }

  /** A member of the workspace with `role`, and a key of theirs. */
  async keyOf(email: string, role: Role): Promise<Auth> {
    await this.t.given.user(email);
    await this.t.given.member(this.workspaceId, email, role);
    return { Authorization: `Bearer ${(await this.t.given.apiKey(this.workspaceId, email, role)).key}` };
  }

  create(body: Record<string, unknown>, auth: Auth = this.auth) {
    return this.http.post(this.base).set(auth).send(body);
  }

  async close(): Promise<void> {
    await this.loop.stop();
    await this.t.close();
  }
}

const PUBLIC_URL = 'https://1.1.1.1/hooks/dispatch';
const PRIVATE_URLS = ['http://127.0.0.1:9/x', 'http://localhost:9/x', 'http://10.1.2.3/x', 'http://[::1]/x', 'http://169.254.169.254/latest'];
/** Cloud metadata addresses, as written and as a URL parser normalizes other spellings of them. */
const METADATA_URLS = [
  'http://169.254.169.254/latest',
  'http://2852039166/latest',
  'http://[::ffff:169.254.169.254]/latest',
  'http://100.100.100.200/latest',
  'http://[fd00:ec2::254]/latest',
];

function expectRefusedUrl(res: { status: number; body: any }, what: string): void {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).to.equal(422);
  expect(res.body.error.code, what).to.equal('invalid_webhook');
  expect(
    res.body.error.details.map((d: { path: string }) => d.path),
    what,
  ).to.deep.equal(['url']);
}

const signaturesOf = (headers: Record<string, string>): string[] => (headers['webhook-signature'] ?? '').split(' ').filter((s) => s !== '');

for (const kind of DATABASE_KINDS) {
  describe(`webhooks: the subscription API (${kind})`, function () {
    this.timeout(60_000);
    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
    });

    describe('managing subscriptions (private addresses allowed, as in tests and closed networks)', () => {
      let app: SubscriptionsApp;
      let receiver: WebhookReceiver;

      before(async () => {
        app = await SubscriptionsApp.start(kind, { WEBHOOK_SECRET_OVERLAP_SECONDS: '60' });
        receiver = await WebhookReceiver.start();
      });
      after(async () => {
        await app?.close();
        await receiver?.stop();
      });

      it('create answers 201 with a whsec_ secret, shown that once: the list and the subscription never show it', async () => {
        const created = await app.create({ url: receiver.url, eventTypes: ['post.published', 'post.failed'], description: 'dashboard' }).expect(201);
        expect(created.body.secret).to.match(/^whsec_[A-Za-z0-9+/=]{40,}$/);
        expect(created.body).to.include({ url: receiver.url, enabled: true, description: 'dashboard', status: 'healthy', workspaceId: app.workspaceId });
        expect(created.body.eventTypes).to.deep.equal(['post.published', 'post.failed']);

        const list = await app.http.get(app.base).set(app.auth).expect(200);
        const listed = list.body.data.find((w: { id: string }) => w.id === created.body.id);
        expect(listed).to.include({ url: receiver.url, description: 'dashboard' });
        const one = await app.http.get(`${app.base}/${created.body.id}`).set(app.auth).expect(200);
        for (const body of [listed, one.body]) expect(body).not.to.have.property('secret');
        expect(JSON.stringify(list.body) + JSON.stringify(one.body)).not.to.include(created.body.secret);
        const stored = JSON.stringify(await app.t.dataSource.query('SELECT * FROM webhook_subscriptions WHERE id = ?', [created.body.id]));
        expect(stored, 'the secret is kept encrypted').not.to.include(created.body.secret.slice('whsec_'.length));
      });

      it('PATCH changes url, eventTypes, description and enabled, each alone, keeping the rest', async () => {
        const created = await app.create({ url: receiver.url, eventTypes: ['post.published'], description: 'first' }).expect(201);
        const one = `${app.base}/${created.body.id}`;
        const patch = (body: Record<string, unknown>) => app.http.patch(one).set(app.auth).send(body).expect(200);

        const moved = `${receiver.url}?v=2`;
        expect((await patch({ url: moved })).body).to.include({ url: moved, description: 'first', enabled: true });
        const retyped = await patch({ eventTypes: ['target.failed', 'post.failed'] });
        expect(retyped.body.eventTypes).to.deep.equal(['target.failed', 'post.failed']);
        expect(retyped.body.url).to.equal(moved);
        expect((await patch({ description: null })).body).to.include({ description: null, url: moved });
        expect((await patch({ enabled: false })).body).to.include({ enabled: false, status: 'disabled' });
        await app.http.post(`${one}/test`).set(app.auth).expect(409);
        expect((await patch({ enabled: true })).body).to.include({ enabled: true, status: 'healthy' });

        const read = (await app.http.get(one).set(app.auth).expect(200)).body;
        expect(read).to.include({ url: moved, description: null, enabled: true });
        expect(read.eventTypes).to.deep.equal(['target.failed', 'post.failed']);
        expect(read).not.to.have.property('secret');
      });

      it('null for url, eventTypes or enabled is a 422 naming the field, and changes nothing (only description may be null)', async () => {
        const created = await app.create({ url: receiver.url, eventTypes: ['post.published'], description: 'kept' }).expect(201);
        const one = `${app.base}/${created.body.id}`;
        for (const field of ['url', 'eventTypes', 'enabled']) {
          const refused = await app.http
            .patch(one)
            .set(app.auth)
            .send({ [field]: null })
            .expect(422);
          expect(refused.body.error.code).to.equal('invalid_body');
          expect(refused.body.error.details.map((d: { path: string }) => d.path)).to.include(field);
        }
        const read = (await app.http.get(one).set(app.auth).expect(200)).body;
        expect(read).to.include({ url: receiver.url, enabled: true, status: 'healthy', description: 'kept' });
        expect(read.eventTypes).to.deep.equal(['post.published']);
        const createdWithNull = await app.create({ url: receiver.url, eventTypes: ['post.published'], enabled: null }).expect(422);
        expect(createdWithNull.body.error.details.map((d: { path: string }) => d.path)).to.include('enabled');
      });

      it('PATCHes side by side to different fields: every change is kept (round after round)', async () => {
        const created = await app.create({ url: receiver.url, eventTypes: ['post.published'], description: 'start' }).expect(201);
        const one = `${app.base}/${created.body.id}`;
        // A lost update shows in some rounds only.
        for (let round = 1; round <= 20; round++) {
          const wanted = {
            description: `round ${round}`,
            eventTypes: round % 2 === 0 ? ['post.published'] : ['post.failed'],
            url: `${receiver.url}?round=${round}`,
          };
          await Promise.all(
            Object.entries(wanted).map(([field, value]) =>
              app.http
                .patch(one)
                .set(app.auth)
                .send({ [field]: value })
                .expect(200),
            ),
          );
          const read = (await app.http.get(one).set(app.auth).expect(200)).body;
          expect({ description: read.description, eventTypes: read.eventTypes, url: read.url }, `round ${round}`).to.deep.equal(wanted);
        }
      });

      it('DELETE answers 204; then the subscription is gone: 404 to get, patch, delete, test and its log', async () => {
        const created = await app.create({ url: receiver.url, eventTypes: ['post.published'] }).expect(201);
        const one = `${app.base}/${created.body.id}`;
        await app.http.post(`${one}/test`).set(app.auth).expect(202);
        await app.http.delete(one).set(app.auth).expect(204);
        await app.http.get(one).set(app.auth).expect(404);
        await app.http.patch(one).set(app.auth).send({ description: 'x' }).expect(404);
        await app.http.delete(one).set(app.auth).expect(404);
        await app.http.post(`${one}/test`).set(app.auth).expect(404);
        await app.http.get(`${one}/deliveries`).set(app.auth).expect(404);
        const list = await app.http.get(app.base).set(app.auth).expect(200);
        expect(list.body.data.map((w: { id: string }) => w.id)).not.to.include(created.body.id);
        const [left] = await app.t.dataSource.query('SELECT COUNT(*) AS n FROM webhook_deliveries WHERE subscription_id = ?', [created.body.id]);
        expect(Number(left.n), 'its deliveries went with it').to.equal(0);
      });

      it('rotate-secret: a new secret; during the overlap a delivery verifies with the old and the new one; after it, only with the new', async () => {
        const rotating = await WebhookReceiver.start();
        try {
          const created = await app.create({ url: rotating.url, eventTypes: ['post.published'] }).expect(201);
          const one = `${app.base}/${created.body.id}`;
          rotating.secrets.push(created.body.secret);
          const sendTest = async (n: number) => {
            await app.http.post(`${one}/test`).set(app.auth).expect(202);
            await eventually(() => rotating.received.length >= n, 15_000, `test event ${n}`);
            return rotating.received[n - 1]!;
          };
          const first = await sendTest(1);
          expect(first.verifiedWith).to.deep.equal([0]);
          expect(signaturesOf(first.headers)).to.have.length(1);

          const rotated = await app.http.post(`${one}/rotate-secret`).set(app.auth).expect(200);
          expect(rotated.body.secret).to.match(/^whsec_/);
          expect(rotated.body.secret).not.to.equal(created.body.secret);
          expect(rotated.body.id).to.equal(created.body.id);
          expect(Date.parse(rotated.body.secretRotatedAt)).to.be.greaterThan(Date.parse(created.body.secretRotatedAt));
          rotating.secrets.push(rotated.body.secret);
          const read = (await app.http.get(one).set(app.auth).expect(200)).body;
          expect(read).not.to.have.property('secret');

          const during = await sendTest(2);
          expect(signaturesOf(during.headers), 'two signatures during the overlap').to.have.length(2);
          expect(during.verifiedWith, 'a receiver with either secret verifies').to.deep.equal([0, 1]);

          app.clock.advance(61_000);
          const afterwards = await sendTest(3);
          expect(signaturesOf(afterwards.headers), 'one signature after the overlap').to.have.length(1);
          expect(afterwards.verifiedWith, 'only the new secret verifies').to.deep.equal([1]);
        } finally {
          await rotating.stop();
        }
      });

      it('a rotation side by side with a PATCH: the secret it answered signs the next delivery, and the PATCH is kept (round after round)', async () => {
        const rotating = await WebhookReceiver.start();
        try {
          const created = await app.create({ url: rotating.url, eventTypes: ['post.published'] }).expect(201);
          const one = `${app.base}/${created.body.id}`;
          for (let round = 1; round <= 6; round++) {
            const [, rotated] = await Promise.all([
              app.http
                .patch(one)
                .set(app.auth)
                .send({ description: `round ${round}` })
                .expect(200),
              app.http.post(`${one}/rotate-secret`).set(app.auth).expect(200),
            ]);
            rotating.secrets.splice(0, rotating.secrets.length, rotated.body.secret);
            await app.http.post(`${one}/test`).set(app.auth).expect(202);
            await eventually(() => rotating.received.length >= round, 15_000, `test event ${round}`);
            expect(rotating.received[round - 1]!.verifiedWith, `round ${round}: the new secret verifies`).to.deep.equal([0]);
            expect((await app.http.get(one).set(app.auth).expect(200)).body.description, `round ${round}: the PATCH kept`).to.equal(`round ${round}`);
          }
        } finally {
          await rotating.stop();
        }
      });

      it('a cloud metadata address is refused even when private addresses are allowed, on create and on PATCH', async () => {
        for (const url of METADATA_URLS) expectRefusedUrl(await app.create({ url, eventTypes: ['post.published'] }), `POST ${url}`);
        const created = await app.create({ url: receiver.url, eventTypes: ['post.published'] }).expect(201);
        const one = `${app.base}/${created.body.id}`;
        for (const url of METADATA_URLS) expectRefusedUrl(await app.http.patch(one).set(app.auth).send({ url }), `PATCH ${url}`);
        expect((await app.http.get(one).set(app.auth).expect(200)).body.url).to.equal(receiver.url);
      });

      it('a body that is not a subscription: 422, naming the field', async () => {
        const cases: Array<[string, Record<string, unknown>, string]> = [
          ['an unknown event type', { url: receiver.url, eventTypes: ['post.deleted'] }, 'eventTypes'],
          ['webhook.test, which is sent on request only', { url: receiver.url, eventTypes: ['webhook.test'] }, 'eventTypes'],
          ['no event type', { url: receiver.url, eventTypes: [] }, 'eventTypes'],
          ['no url', { eventTypes: ['post.published'] }, 'url'],
          ['an ftp URL', { url: 'ftp://example.com/hooks', eventTypes: ['post.published'] }, 'url'],
          ['a relative URL', { url: '/hooks', eventTypes: ['post.published'] }, 'url'],
          ['a URL with a password', { url: 'https://user:pw@example.com/hooks', eventTypes: ['post.published'] }, 'url'],
          ['an extra field', { url: receiver.url, eventTypes: ['post.published'], secret: 'whsec_mine' }, 'secret'],
        ];
        for (const [what, body, path] of cases) {
          const res = await app.create(body);
          expect(res.status, `${what}: ${JSON.stringify(res.body)}`).to.equal(422);
          expect(
            res.body.error.details.some((d: { path: string }) => d.path === path || d.path.startsWith(`${path}[`)),
            `${what} names ${path}: ${JSON.stringify(res.body.error.details)}`,
          ).to.equal(true);
        }
        const created = await app.create({ url: receiver.url, eventTypes: ['post.published'] }).expect(201);
        const one = `${app.base}/${created.body.id}`;
        for (const [what, body] of [
          ['an unknown event type', { eventTypes: ['nope'] }],
          ['an ftp URL', { url: 'ftp://example.com/hooks' }],
          ['an extra field', { secret: 'whsec_mine' }],
        ] as const) {
          const res = await app.http.patch(one).set(app.auth).send(body);
          expect(res.status, `PATCH ${what}: ${JSON.stringify(res.body)}`).to.equal(422);
        }
      });

      it('access: a viewer lists but cannot create; an editor cannot create; an admin can', async () => {
        const viewer = await app.keyOf(VIEWER_EMAIL, 'viewer');
        const editor = await app.keyOf(EDITOR_EMAIL, 'editor');
        const admin = await app.keyOf(ADMIN_EMAIL, 'admin');
        const body = { url: receiver.url, eventTypes: ['post.published'] };
        const existing = await app.create(body).expect(201);
        const one = `${app.base}/${existing.body.id}`;

        const listed = await app.http.get(app.base).set(viewer).expect(200);
        expect(listed.body.data.map((w: { id: string }) => w.id)).to.include(existing.body.id);
        await app.http.get(one).set(viewer).expect(200);
        await app.http.get(`${one}/deliveries`).set(viewer).expect(200);
        for (const who of [viewer, editor]) {
          await app.create(body, who).expect(403);
          await app.http.patch(one).set(who).send({ description: 'mine now' }).expect(403);
          await app.http.post(`${one}/rotate-secret`).set(who).expect(403);
          await app.http.post(`${one}/test`).set(who).expect(403);
          await app.http.delete(one).set(who).expect(403);
        }
        const byAdmin = await app.create(body, admin).expect(201);
        expect(byAdmin.body.secret).to.match(/^whsec_/);
        await app.http.patch(one).set(admin).send({ description: 'the admin’s' }).expect(200);
      });

      it("another workspace's webhook id answers 404, and that webhook is left alone", async () => {
        await app.t.given.user(OTHER_OWNER_EMAIL);
        const otherWs = await app.t.given.workspace(OTHER_OWNER_EMAIL, 'Other');
        const otherAuth = { Authorization: `Bearer ${(await app.t.given.apiKey(otherWs, OTHER_OWNER_EMAIL, 'owner')).key}` };
        const theirs = await app.http
          .post(`/v1/workspaces/${otherWs}/webhooks`)
          .set(otherAuth)
          .send({ url: receiver.url, eventTypes: ['post.published'], description: 'theirs' })
          .expect(201);
        const viaMine = `${app.base}/${theirs.body.id}`;
        await app.http.get(viaMine).set(app.auth).expect(404);
        await app.http.patch(viaMine).set(app.auth).send({ description: 'hijacked' }).expect(404);
        await app.http.post(`${viaMine}/rotate-secret`).set(app.auth).expect(404);
        await app.http.post(`${viaMine}/test`).set(app.auth).expect(404);
        await app.http.get(`${viaMine}/deliveries`).set(app.auth).expect(404);
        await app.http.delete(viaMine).set(app.auth).expect(404);
        const list = await app.http.get(app.base).set(app.auth).expect(200);
        expect(list.body.data.map((w: { id: string }) => w.id)).not.to.include(theirs.body.id);

        const still = await app.http.get(`/v1/workspaces/${otherWs}/webhooks/${theirs.body.id}`).set(otherAuth).expect(200);
        expect(still.body).to.include({ description: 'theirs', enabled: true });
        const log = await app.http.get(`/v1/workspaces/${otherWs}/webhooks/${theirs.body.id}/deliveries`).set(otherAuth).expect(200);
        expect(log.body.data).to.deep.equal([]);
      });
    });

    describe('private addresses refused (OUTBOUND_ALLOW_PRIVATE_ADDRESSES=false, as in production)', () => {
      let app: SubscriptionsApp;
      before(async () => {
        app = await SubscriptionsApp.start(kind, { OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'false' });
      });
      after(async () => {
        await app?.close();
      });

      it('a URL on a loopback, private, link-local or metadata address is a 422 invalid_webhook naming url, on create and on PATCH', async () => {
        for (const url of PRIVATE_URLS) expectRefusedUrl(await app.create({ url, eventTypes: ['post.published'] }), `POST ${url}`);
        expect((await app.http.get(app.base).set(app.auth).expect(200)).body.data).to.deep.equal([]);

        const created = await app.create({ url: PUBLIC_URL, eventTypes: ['post.published'] }).expect(201);
        const one = `${app.base}/${created.body.id}`;
        for (const url of PRIVATE_URLS) expectRefusedUrl(await app.http.patch(one).set(app.auth).send({ url }), `PATCH ${url}`);
        expect((await app.http.get(one).set(app.auth).expect(200)).body.url).to.equal(PUBLIC_URL);
      });
    });

    describe('changes within one millisecond (a clock that stands still)', () => {
      let app: SubscriptionsApp;
      before(async () => {
        app = await SubscriptionsApp.start(kind, {}, new StillClock());
      });
      after(async () => {
        await app?.close();
      });

      it('PATCHes side by side to different fields: every change is kept, even when they fall in the same millisecond', async () => {
        const created = await app.create({ url: PUBLIC_URL, eventTypes: ['post.published'], description: 'start' }).expect(201);
        const one = `${app.base}/${created.body.id}`;
        for (let round = 1; round <= 20; round++) {
          const wanted = {
            description: `round ${round}`,
            eventTypes: round % 2 === 0 ? ['post.published'] : ['post.failed'],
            url: `${PUBLIC_URL}?round=${round}`,
          };
          const answers = await Promise.all(
            Object.entries(wanted).map(([field, value]) =>
              app.http
                .patch(one)
                .set(app.auth)
                .send({ [field]: value }),
            ),
          );
          const read = (await app.http.get(one).set(app.auth).expect(200)).body;
          const kept = { description: read.description, eventTypes: read.eventTypes, url: read.url };
          // A change refused (409, "read it and try again") is no lost one; a 200 must be kept.
          for (const [i, [field, value]] of Object.entries(wanted).entries()) {
            if (answers[i]!.status === 200) expect(kept[field as keyof typeof kept], `round ${round}: ${field} answered 200`).to.deep.equal(value);
          }
        }
      });
    });

    describe('the workspace limit (WEBHOOK_MAX_PER_WORKSPACE=2)', () => {
      let app: SubscriptionsApp;
      before(async () => {
        app = await SubscriptionsApp.start(kind, { WEBHOOK_MAX_PER_WORKSPACE: '2' });
      });
      after(async () => {
        await app?.close();
      });

      it('a third subscription is a 409 too_many_webhooks; removing one makes room; another workspace has its own', async () => {
        const body = { url: PUBLIC_URL, eventTypes: ['post.published'] };
        const first = await app.create(body).expect(201);
        await app.create(body).expect(201);
        const third = await app.create(body).expect(409);
        expect(third.body.error.code).to.equal('too_many_webhooks');
        expect((await app.http.get(app.base).set(app.auth).expect(200)).body.data).to.have.length(2);

        await app.http.delete(`${app.base}/${first.body.id}`).set(app.auth).expect(204);
        await app.create(body).expect(201);

        await app.t.given.user(OTHER_OWNER_EMAIL);
        const otherWs = await app.t.given.workspace(OTHER_OWNER_EMAIL, 'Other');
        const otherAuth = { Authorization: `Bearer ${(await app.t.given.apiKey(otherWs, OTHER_OWNER_EMAIL, 'owner')).key}` };
        await app.http.post(`/v1/workspaces/${otherWs}/webhooks`).set(otherAuth).send(body).expect(201);
      });

      it('creates side by side for the last free place: one is made, the others are 409s; the limit holds (round after round)', async () => {
        const body = { url: PUBLIC_URL, eventTypes: ['post.published'] };
        const list = async () => (await app.http.get(app.base).set(app.auth).expect(200)).body.data as Array<{ id: string }>;
        // A race shows in some rounds only; each round starts with one place left.
        for (let round = 1; round <= 8; round++) {
          for (const w of await list()) await app.http.delete(`${app.base}/${w.id}`).set(app.auth).expect(204);
          await app.create(body).expect(201);
          const answers = await Promise.all([1, 2, 3, 4].map(() => app.create(body)));
          expect(answers.map((a) => a.status).sort(), `round ${round}`).to.deep.equal([201, 409, 409, 409]);
          expect(await list(), `round ${round}`).to.have.length(2);
        }
      });
    });
  });
}
