import assert from 'node:assert/strict';
import { expect } from 'chai';
import { managerOf } from '../../../adapters/outbound/persistence/typeorm/transactionContext';
import { type PostActor, type PostRequest } from '../../../application/posts/PostRequest';
import { TOKENS as T } from '../../../config/tokens';
import { DATABASE_KINDS, serverFor } from '../../support/databases';
import { OTHER_OWNER_EMAIL, OWNER_EMAIL } from '../../support/data/people';
import { DEFAULT_GROUP_ID, group, segment, targetOn } from '../../support/data/posts';
import { requireServer } from '../../support/services';
import { WebhookApp } from '../../support/webhooks/webhookApp';
import { WebhookReceiver } from '../../support/webhooks/webhookReceiver';
import { eventually } from '../../support/workerProcess';

type Row = { n: number | string };

for (const kind of DATABASE_KINDS) {
  describe(`webhooks: the outbox writes an event exactly when its change commits (${kind})`, function () {
    this.timeout(60_000);
    let app: WebhookApp;
    let receiver: WebhookReceiver;
    const extra: WebhookReceiver[] = [];

    /** Rows of a webhook table, read in the caller's transaction when there is one. */
    const count = async (table: 'webhook_events' | 'webhook_deliveries', where = '1 = 1', params: unknown[] = []): Promise<number> => {
      const [row] = await managerOf(app.t.dataSource).query<Row[]>(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`, params);
      return Number(row!.n);
    };
    const postStatus = async (workspace: string, postId: string, auth = app.auth): Promise<string> =>
      (await app.http.get(`/v1/workspaces/${workspace}/posts/${postId}`).set(auth).expect(200)).body.status;
    const settled = (webhookId: string) =>
      eventually(async () => (await app.deliveries(webhookId)).every((d) => d.status !== 'pending'), 15_000, 'every delivery settled');

    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      app = await WebhookApp.start(kind, ['BLUESKY']);
      receiver = await WebhookReceiver.start();
    });
    after(async () => {
      await app?.close();
      await receiver?.stop();
      for (const r of extra) await r.stop();
    });

    it('a workspace with no subscription: a published post writes no event row at all', async () => {
      const post = await app.post({ BLUESKY: 'Nobody listens yet' });
      await eventually(async () => (await postStatus(app.workspaceId, post.id)) === 'published', 15_000, 'the post published');
      expect(await count('webhook_events')).to.equal(0);
      expect(await count('webhook_deliveries')).to.equal(0);
    });

    it('a change that rolls back emits nothing; the same change committed emits exactly one post.scheduled', async () => {
      const { id: webhookId } = await app.subscribe(receiver);
      const draft = await app.post({ BLUESKY: 'A draft, scheduled later' }, 'draft');
      expect(draft.status).to.equal('draft');
      const owner = (await app.t.composition.get(T.UserRepository).findByEmail(OWNER_EMAIL))!;
      const actor: PostActor = { userId: owner.id, workspaceId: app.workspaceId, reviewRequired: false, defaultSource: 'api' };
      const request: PostRequest = {
        groups: [group(DEFAULT_GROUP_ID, true, [segment('A draft, scheduled later')])],
        targets: [{ ...targetOn(app.connections.get('BLUESKY')!, 'BLUESKY'), scheduledAt: new Date(Date.now() + 3_600_000) }],
        intent: 'schedule',
      };
      const schedule = () => app.t.composition.get(T.WritePosts).update(actor, draft.id, request);

      let writtenInside = -1;
      await assert.rejects(
        app.t.composition.get(T.UnitOfWork).run(async () => {
          const scheduled = await schedule();
          expect(scheduled.status).to.equal('scheduled');
          writtenInside = await count('webhook_events');
          throw new Error('rolled back');
        }),
        /rolled back/,
      );
      expect(writtenInside, 'the event was written inside the transaction').to.equal(1);
      expect(await postStatus(app.workspaceId, draft.id)).to.equal('draft');
      expect(await count('webhook_events')).to.equal(0);
      expect(await count('webhook_deliveries')).to.equal(0);

      expect((await schedule()).status).to.equal('scheduled');
      expect(await postStatus(app.workspaceId, draft.id)).to.equal('scheduled');
      await app.received(receiver, ['post.scheduled']);
      await settled(webhookId);
      expect(receiver.types()).to.deep.equal(['post.scheduled']);
      expect(receiver.received, 'one request in all').to.have.length(1);
      expect(receiver.events[0]!.data.post).to.include({ id: draft.id, status: 'scheduled' });
      expect(await count('webhook_events')).to.equal(1);
      expect(await count('webhook_deliveries')).to.equal(1);
    });

    it('a subscription that wants only post.published gets only that type, the same event as the others', async () => {
      const narrow = await WebhookReceiver.start();
      extra.push(narrow);
      const { id: narrowId } = await app.subscribe(narrow, ['post.published']);
      const post = await app.post({ BLUESKY: 'For everyone who listens' });
      await app.received(narrow, ['post.published']);
      await eventually(
        () => receiver.events.some((e) => e.type === 'post.published' && e.data.post.id === post.id),
        15_000,
        'post.published at the receiver of every type',
      );
      expect(
        receiver.events.some((e) => e.type === 'target.published' && e.data.postId === post.id),
        'target.published was caused',
      ).to.equal(true);
      await settled(narrowId);
      expect(narrow.types()).to.deep.equal(['post.published']);
      const wide = receiver.events.find((e) => e.type === 'post.published' && e.data.post.id === post.id)!;
      expect(narrow.events[0]!.id, 'one event, delivered to each subscription').to.equal(wide.id);
      const log = await app.deliveries(narrowId);
      expect(log.map((d) => d.eventType)).to.deep.equal(['post.published']);
    });

    it("another workspace's events are not delivered to this workspace's subscription", async () => {
      await app.t.given.user(OTHER_OWNER_EMAIL);
      const otherWs = await app.t.given.workspace(OTHER_OWNER_EMAIL, 'Other');
      const otherConnection = await app.t.given.connection(otherWs, 'BLUESKY', 'sandbox-other', true);
      const otherAuth = { Authorization: `Bearer ${(await app.t.given.apiKey(otherWs, OTHER_OWNER_EMAIL, 'owner')).key}` };
      const otherReceiver = await WebhookReceiver.start();
      extra.push(otherReceiver);
      const created = await app.http
        .post(`/v1/workspaces/${otherWs}/webhooks`)
        .set(otherAuth)
        .send({ url: otherReceiver.url, eventTypes: ['post.published', 'target.published'] })
        .expect(201);
      otherReceiver.secrets.push(created.body.secret);
      const mine = await app.http.get(`${app.base}/webhooks`).set(app.auth).expect(200);
      const myIds: string[] = mine.body.data.map((w: { id: string }) => w.id);
      const receivedBefore = receiver.received.length;

      const body = { groups: [group(DEFAULT_GROUP_ID, true, [segment('In the other workspace')])], targets: [targetOn(otherConnection, 'BLUESKY')] };
      const post = (
        await app.http
          .post(`/v1/workspaces/${otherWs}/posts`)
          .set(otherAuth)
          .send({ ...body, intent: 'publish_now' })
          .expect(200)
      ).body;
      await app.received(otherReceiver, ['target.published', 'post.published']);
      await eventually(
        async () =>
          (await app.http.get(`/v1/workspaces/${otherWs}/webhooks/${created.body.id}/deliveries`).set(otherAuth).expect(200)).body.data.every(
            (d: { status: string }) => d.status !== 'pending',
          ),
        15_000,
        'the other workspace’s deliveries settled',
      );

      expect(otherReceiver.events.every((e) => e.workspaceId === otherWs)).to.equal(true);
      expect(otherReceiver.events.find((e) => e.type === 'post.published')!.data.post.id).to.equal(post.id);
      expect(await count('webhook_deliveries', 'workspace_id = ? AND subscription_id <> ?', [otherWs, created.body.id])).to.equal(0);
      const ours = myIds.map(() => '?').join(', ');
      const otherEvents = 'SELECT id FROM webhook_events WHERE workspace_id = ?';
      expect(await count('webhook_deliveries', `subscription_id IN (${ours}) AND event_id IN (${otherEvents})`, [...myIds, otherWs])).to.equal(0);
      expect(receiver.received.length, 'nothing more for this workspace').to.equal(receivedBefore);
      expect(receiver.events.every((e) => e.workspaceId === app.workspaceId)).to.equal(true);
    });
  });
}
