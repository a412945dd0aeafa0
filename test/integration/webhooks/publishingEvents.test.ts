import { expect } from 'chai';
import { TOKENS as T } from '../../../config/tokens';
import { WEBHOOK_EVENT_TYPES } from '../../../domain/webhook/WebhookEventType';
import { DATABASE_KINDS, serverFor } from '../../support/databases';
import { memberEmail } from '../../support/data/people';
import { assertEventMatchesOpenApi } from '../../support/openapi';
import { requireServer } from '../../support/services';
import { WebhookApp } from '../../support/webhooks/webhookApp';
import { eventually } from '../../support/workerProcess';
import { type ReceivedEvent, WebhookReceiver } from '../../support/webhooks/webhookReceiver';

/** One failed call gives up at once: a `[sandbox:retry]` target fails (retryable) and a retry then publishes it. */
const ONE_ATTEMPT = { WORKER_MAX_ATTEMPTS: '1' };
/** LinkedIn configured, its API on a closed port: a real (non-sandbox) connection with no stored grant needs reconnecting. */
const LINKEDIN_CONFIGURED = {
  LINKEDIN_CLIENT_ID: 'client-id',
  LINKEDIN_CLIENT_SECRET: 'client-secret',
  LINKEDIN_API_BASE_URL: 'http://127.0.0.1:9',
  LINKEDIN_AUTH_BASE_URL: 'http://127.0.0.1:9',
};

for (const kind of DATABASE_KINDS) {
  describe(`webhooks: every publishing outcome reaches a verified receiver (${kind})`, function () {
    this.timeout(60_000);
    let app: WebhookApp;
    let receiver: WebhookReceiver;
    let subscription: { id: string };
    const ofType = (type: string): ReceivedEvent[] => receiver.events.filter((e) => e.type === type);

    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      app = await WebhookApp.start(kind, ['BLUESKY', 'TWITTER', 'LINKEDIN'], { ...ONE_ATTEMPT, ...LINKEDIN_CONFIGURED });
      receiver = await WebhookReceiver.start();
      subscription = await app.subscribe(receiver);
    });
    after(async () => {
      await app?.close();
      await receiver?.stop();
    });

    it('a scheduled post that partially fails, then is retried: scheduled, each target, partially_failed, then published', async () => {
      const at = new Date(Date.now() + 1500).toISOString();
      const post = await app.post({ BLUESKY: 'Hello from a subscriber', TWITTER: 'Fails once [sandbox:retry]', LINKEDIN: 'Hello LinkedIn' }, 'schedule', at);
      await app.received(receiver, ['post.scheduled', 'target.published', 'target.published', 'target.failed', 'post.partially_failed']);
      const [scheduled] = ofType('post.scheduled');
      expect(scheduled!.data.post).to.include({ id: post.id, status: 'scheduled' });
      const failed = ofType('target.failed')[0]!;
      const twitter = post.targets.find((t) => t.connectionId === app.connections.get('TWITTER'))!;
      expect(failed.data).to.include({ postId: post.id, retryable: true });
      expect(failed.data.target).to.include({ id: twitter.id, status: 'failed' });
      expect(failed.data.reason).to.match(/gave up after 1 attempts/);
      expect(ofType('post.partially_failed')[0]!.data.post.status).to.equal('partially_failed');

      await app.http.post(`${app.base}/posts/${post.id}/targets/${twitter.id}/retry`).set(app.auth).expect(200);
      await app.received(receiver, ['target.published', 'target.published', 'target.published', 'post.published']);
      const republished = ofType('target.published').find((e) => e.data.target.id === twitter.id)!;
      expect(republished.data.target.platformPostUrl).to.be.a('string');
      expect(ofType('post.published')[0]!.data.post).to.include({ id: post.id, status: 'published' });
    });

    it('a scheduled post given a new time: post.scheduled again, with the new time', async () => {
      const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
      const post = await app.post({ BLUESKY: 'Later' }, 'schedule', inAnHour);
      await eventually(() => ofType('post.scheduled').some((e) => e.data.post.id === post.id), 15_000, 'post.scheduled');
      const later = new Date(Date.now() + 7_200_000).toISOString();
      await app.http.patch(`${app.base}/posts/${post.id}/targets/${post.targets[0]!.id}`).set(app.auth).send({ scheduledAt: later }).expect(200);
      await eventually(() => ofType('post.scheduled').filter((e) => e.data.post.id === post.id).length === 2, 15_000, 'a second post.scheduled');
      const [first, second] = ofType('post.scheduled').filter((e) => e.data.post.id === post.id);
      expect(first!.data.post.targets[0].scheduledAt).to.equal(inAnHour);
      expect(second!.data.post.targets[0].scheduledAt).to.equal(later);
    });

    it('a post every target of which is refused: target.failed (not retryable) and post.failed', async () => {
      const post = await app.post({ BLUESKY: 'No [sandbox:reject]' });
      await app.received(receiver, ['post.failed']);
      const failed = ofType('target.failed').find((e) => e.data.postId === post.id)!;
      expect(failed.data.retryable).to.equal(false);
      expect(ofType('post.failed')[0]!.data.post).to.include({ id: post.id, status: 'failed' });
    });

    it('review: a contributor’s post asks for a review (review.requested), the owner’s approval decides it (review.decided)', async () => {
      const contributor = memberEmail('contributor', 1);
      await app.t.given.user(contributor);
      await app.t.given.member(app.workspaceId, contributor, 'contributor');
      const key = (await app.t.given.apiKey(app.workspaceId, contributor, 'contributor')).key;
      const post = await app.post({ BLUESKY: 'Please review me' }, 'publish_now', null, { Authorization: `Bearer ${key}` });
      expect(post.status).to.equal('pending_review');
      await app.received(receiver, ['review.requested']);
      expect(ofType('review.requested').at(-1)!.data.post).to.include({ id: post.id, status: 'pending_review' });

      await app.http.post(`${app.base}/posts/${post.id}/reviews`).set(app.auth).send({ decision: 'approved', comment: 'Fine' }).expect(201);
      await app.received(receiver, ['review.decided']);
      const decided = ofType('review.decided').at(-1)!;
      expect(decided.data.review).to.include({ decision: 'approved', comment: 'Fine' });
      expect(decided.data.post.id).to.equal(post.id);
    });

    it('a connection whose grant is dead: connection.needs_reconnect, once, with the target that could not publish', async () => {
      const linkedin = await app.t.composition
        .get(T.AddConnection)
        .execute({ workspaceId: app.workspaceId, platform: 'LINKEDIN', handle: 'real-one', sandbox: false });
      app.connections.set('LINKEDIN', linkedin.id);
      const first = await app.post({ LINKEDIN: 'To a real account' });
      await app.received(receiver, ['connection.needs_reconnect']);
      const notice = ofType('connection.needs_reconnect')[0]!;
      expect(notice.data.connection).to.include({ id: linkedin.id, status: 'needs_reconnect' });
      expect(notice.data.reason).to.match(/connect the account again/);
      await app.received(receiver, ['post.failed', 'post.failed']);
      expect(ofType('target.failed').find((e) => e.data.postId === first.id)!.data.retryable).to.equal(false);
      expect(ofType('connection.needs_reconnect')).to.have.length(1);
    });

    it('connections disconnected by their owner: connection.disconnected for each, once, with the connection as the API now shows it', async () => {
      const added = async (handle: string) =>
        (await app.t.composition.get(T.AddConnection).execute({ workspaceId: app.workspaceId, platform: 'BLUESKY', handle, sandbox: true })).id;
      const first = await added('leaving-first');
      const second = await added('leaving-second');
      await app.http.delete(`${app.base}/connections/${first}`).set(app.auth).expect(204);
      await app.received(receiver, ['connection.disconnected']);
      const notice = ofType('connection.disconnected')[0]!;
      expect(notice.data.connection).to.include({ id: first, handle: 'leaving-first', status: 'disconnected' });

      // Disconnecting it again changes nothing and announces nothing; the next one is announced after it.
      await app.http.delete(`${app.base}/connections/${first}`).set(app.auth).expect(204);
      await app.http.delete(`${app.base}/connections/${second}`).set(app.auth).expect(204);
      await app.received(receiver, ['connection.disconnected', 'connection.disconnected']);
      expect(ofType('connection.disconnected').map((e) => e.data.connection.id)).to.deep.equal([first, second]);
    });

    it('the delivery log filtered by status: every delivery succeeded, none failed; an unknown status is a 422', async () => {
      const log = (status: string) => app.http.get(`${app.base}/webhooks/${subscription.id}/deliveries?status=${status}&limit=100`).set(app.auth);
      const all = (await app.http.get(`${app.base}/webhooks/${subscription.id}/deliveries?limit=100`).set(app.auth).expect(200)).body;
      await eventually(async () => (await log('succeeded').expect(200)).body.total === all.total, 15_000, 'every delivery succeeded');
      const succeeded = (await log('succeeded').expect(200)).body;
      expect(succeeded.data.every((d: { status: string }) => d.status === 'succeeded')).to.equal(true);
      expect(succeeded.total).to.equal(receiver.events.length);
      expect((await log('failed').expect(200)).body).to.include({ total: 0 });
      expect((await log('delivered').expect(422)).body.error).to.include({ code: 'invalid_query' });
    });

    it('every event: signed (verified with the secret), deduplicable by webhook-id, and shaped as the OpenAPI document says', async () => {
      expect(
        receiver.received.every((r) => r.verifiedWith.length === 1),
        'every request verifies',
      ).to.equal(true);
      const ids = receiver.events.map((e) => e.id);
      expect(new Set(ids).size, 'each event delivered once').to.equal(ids.length);
      for (const r of receiver.received) expect(r.headers['webhook-id']).to.equal(r.event!.id);
      for (const event of receiver.events) {
        expect(event.workspaceId).to.equal(app.workspaceId);
        assertEventMatchesOpenApi(event);
      }
      const types = new Set(receiver.types());
      for (const type of WEBHOOK_EVENT_TYPES) expect(types.has(type), `${type} delivered`).to.equal(true);
    });
  });
}
