import { expect } from 'chai';
import { DATABASE_KINDS, serverFor } from '../../support/databases';
import { OTHER_OWNER_EMAIL } from '../../support/data/people';
import { requireServer } from '../../support/services';
import { WebhookApp } from '../../support/webhooks/webhookApp';
import { WebhookReceiver } from '../../support/webhooks/webhookReceiver';
import { eventually } from '../../support/workerProcess';

for (const kind of DATABASE_KINDS) {
  describe(`webhooks: one delivery of the log, GET …/deliveries/{deliveryId} (${kind})`, function () {
    this.timeout(60_000);
    let app: WebhookApp;
    let receiver: WebhookReceiver;
    let webhookId: string;

    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      app = await WebhookApp.start(kind, []);
      receiver = await WebhookReceiver.start();
      webhookId = (await app.subscribe(receiver, ['post.published'])).id;
    });
    after(async () => {
      await app?.close();
      await receiver?.stop();
    });

    const one = (webhook: string, delivery: string, base = app.base) => app.http.get(`${base}/webhooks/${webhook}/deliveries/${delivery}`);

    it('answers the delivery as the log lists it, pending at first and with its attempt once sent', async () => {
      const queued = await app.http.post(`${app.base}/webhooks/${webhookId}/test`).set(app.auth).expect(202);
      const pending = await one(webhookId, queued.body.id).set(app.auth).expect(200);
      expect(pending.body).to.include({ id: queued.body.id, webhookId, eventType: 'webhook.test', eventId: queued.body.eventId });

      await eventually(() => receiver.types().includes('webhook.test'), 20_000, 'the webhook.test event');
      let sent: Record<string, any> = {};
      await eventually(
        async () => {
          sent = (await one(webhookId, queued.body.id).set(app.auth).expect(200)).body;
          return sent.status === 'succeeded';
        },
        20_000,
        'the delivery to succeed',
      );
      expect(sent).to.include({ attempts: 1, lastStatusCode: 200, lastError: null });
      expect(sent.attemptLog.map((a: { statusCode: number }) => a.statusCode)).to.deep.equal([200]);
      const listed = (await app.deliveries(webhookId)).find((d) => d.id === queued.body.id);
      expect(sent, 'the same shape and values as the item of the log').to.deep.equal(listed);
    });

    it('an unknown delivery, or one of another webhook, is a 404 delivery_not_found', async () => {
      const unknown = await one(webhookId, 'no-such-delivery').set(app.auth).expect(404);
      expect(unknown.body.error.code).to.equal('delivery_not_found');

      const other = await WebhookReceiver.start();
      try {
        const otherId = (await app.subscribe(other, ['post.published'])).id;
        const theirs = await app.http.post(`${app.base}/webhooks/${otherId}/test`).set(app.auth).expect(202);
        await one(otherId, theirs.body.id).set(app.auth).expect(200);
        const crossed = await one(webhookId, theirs.body.id).set(app.auth).expect(404);
        expect(crossed.body.error.code, "another webhook's delivery is not this one's").to.equal('delivery_not_found');
        await app.http.delete(`${app.base}/webhooks/${otherId}`).set(app.auth).expect(204);
      } finally {
        await other.stop();
      }
    });

    it("another workspace's delivery asked for through this workspace: 404, while its own workspace reads it", async () => {
      await app.t.given.user(OTHER_OWNER_EMAIL);
      const otherWs = await app.t.given.workspace(OTHER_OWNER_EMAIL, 'Other');
      const otherAuth = { Authorization: `Bearer ${(await app.t.given.apiKey(otherWs, OTHER_OWNER_EMAIL, 'owner')).key}` };
      const otherBase = `/v1/workspaces/${otherWs}`;
      const theirHook = await app.http
        .post(`${otherBase}/webhooks`)
        .set(otherAuth)
        .send({ url: receiver.url, eventTypes: ['post.published'], description: 'theirs' })
        .expect(201);
      const theirDelivery = await app.http.post(`${otherBase}/webhooks/${theirHook.body.id}/test`).set(otherAuth).expect(202);

      const viaMine = await one(theirHook.body.id, theirDelivery.body.id).set(app.auth).expect(404);
      expect(viaMine.body.error.code).to.equal('webhook_not_found');
      await one(theirHook.body.id, theirDelivery.body.id, otherBase).set(otherAuth).expect(200);
    });
  });
}
