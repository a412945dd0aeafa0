import { expect } from 'chai';
import { PruneWebhookLog } from '../../../application/webhooks/PruneWebhookLog';
import { TOKENS as T } from '../../../config/tokens';
import { DATABASE_KINDS, serverFor } from '../../support/databases';
import { FixedClock } from '../../support/fixedClock';
import { requireServer } from '../../support/services';
import { WebhookApp } from '../../support/webhooks/webhookApp';
import { WebhookReceiver } from '../../support/webhooks/webhookReceiver';
import { eventually } from '../../support/workerProcess';

const DAY_MS = 86_400_000;

for (const kind of DATABASE_KINDS) {
  describe(`webhooks: the delivery log kept for its retention, then pruned (${kind})`, function () {
    this.timeout(60_000);
    let app: WebhookApp;
    let receiver: WebhookReceiver;
    let down: WebhookReceiver;
    const count = async (sql: string) => Number((await app.t.dataSource.query(sql))[0].n);

    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      app = await WebhookApp.start(kind, ['BLUESKY'], { WEBHOOK_RETRY_SCHEDULE_SECONDS: '3600' });
      receiver = await WebhookReceiver.start();
      down = await WebhookReceiver.start();
    });
    after(async () => {
      await app?.close();
      await receiver?.stop();
      await down?.stop();
    });

    it('keeps every delivery younger than the retention and every pending one; prunes ended ones older, and the events none waits for', async () => {
      const ok = await app.subscribe(receiver, ['post.published']);
      const failing = await app.subscribe(down, ['post.published']);
      down.answer({ status: 500 });
      await app.post({ BLUESKY: 'One for the log' });
      await eventually(async () => (await app.deliveries(ok.id))[0]?.status === 'succeeded', 15_000, 'the delivery succeeded');
      await eventually(async () => (await app.deliveries(failing.id))[0]?.attempts === 1, 15_000, 'the failing endpoint tried once');
      const prune = (daysLater: number) =>
        new PruneWebhookLog(
          app.t.composition.get(T.WebhookDeliveries),
          new FixedClock(new Date(Date.now() + daysLater * DAY_MS).toISOString()),
          app.t.composition.get(T.WebhookSettings),
        ).sweep();

      expect(await prune(29), 'within the 30 days').to.deep.equal({ deliveries: 0 });
      expect(await app.deliveries(ok.id)).to.have.length(1);

      expect(await prune(31), 'the ended delivery, past 30 days').to.deep.equal({ deliveries: 1 });
      expect(await app.deliveries(ok.id)).to.have.length(0);
      const pending = await app.deliveries(failing.id);
      expect(
        pending.map((d) => d.status),
        'a pending delivery stays, however old',
      ).to.deep.equal(['pending']);
      expect(await count('SELECT COUNT(*) AS n FROM webhook_events'), 'its event stays while a delivery waits for it').to.equal(1);
      expect(await count('SELECT COUNT(*) AS n FROM webhook_delivery_attempts'), 'the pruned delivery took its attempt with it').to.equal(1);

      await app.http.delete(`${app.base}/webhooks/${failing.id}`).set(app.auth).expect(204);
      await prune(31);
      expect(await count('SELECT COUNT(*) AS n FROM webhook_events'), 'no delivery refers to the event any more').to.equal(0);
    });
  });
}
