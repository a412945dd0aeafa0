import { expect } from 'chai';
import { managerOf } from '../../../adapters/outbound/persistence/typeorm/transactionContext';
import { type CausedEvent } from '../../../application/webhooks/EventOutbox';
import { TOKENS as T } from '../../../config/tokens';
import { WEBHOOK_EVENT_TYPES } from '../../../domain/webhook/WebhookEventType';
import { DATABASE_KINDS, serverFor } from '../../support/databases';
import { OTHER_OWNER_EMAIL, OWNER_EMAIL } from '../../support/data/people';
import { requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';
import { QUICK_WEBHOOKS } from '../../support/webhooks/webhookApp';

type Row = { workspace_id: string; type: string; n: number | string };

/** What a published post causes (its data never read here unless a subscription wants it). */
const published: readonly CausedEvent[] = [
  { type: 'target.published', data: () => ({ postId: 'p', target: {} }) },
  { type: 'post.published', data: () => ({ post: { id: 'p' } }) },
];

/**
 * A round of the publishing engine records the outcomes of several workspaces' posts in one
 * set-wise unit of work, which reads the subscribers of all of them at once: each workspace's
 * events must still reach its own enabled subscriptions, of the types they want, and no other;
 * a subscription made or switched off between rounds counts from the next round on.
 */
for (const kind of DATABASE_KINDS) {
  describe(`webhooks: one round of many workspaces fans each event out to its own workspace's subscriptions (${kind})`, function () {
    this.timeout(60_000);
    let t: TestApp;
    const workspaces: string[] = [];

    const subscribe = (workspaceId: string, eventTypes: readonly string[], enabled = true) =>
      t.composition.get(T.ManageWebhooks).create(workspaceId, { url: 'http://127.0.0.1:9/hook', eventTypes, enabled });

    /** One set-wise unit, as a round's record is: every workspace anticipated, then each one's events. */
    const round = (emitting: readonly string[], anticipated: readonly string[] = emitting) =>
      t.composition.get(T.UnitOfWork).runSetWise(async () => {
        const outbox = t.composition.get(T.EventOutbox);
        await outbox.anticipate(anticipated);
        for (const workspaceId of emitting) await outbox.emit(workspaceId, published, new Date());
      });

    /** Deliveries by workspace and event type, e.g. `A post.published: 1`. */
    const deliveries = async (): Promise<Record<string, number>> => {
      const rows = await managerOf(t.dataSource).query<Row[]>(
        'SELECT workspace_id, event_type AS type, COUNT(*) AS n FROM webhook_deliveries GROUP BY workspace_id, event_type',
      );
      const name = (id: string) => 'ABCD'[workspaces.indexOf(id)];
      return Object.fromEntries(rows.map((r) => [`${name(r.workspace_id)} ${r.type}`, Number(r.n)]));
    };

    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      t = await startTestApp(await freshDatabaseEnv(kind), QUICK_WEBHOOKS);
      await t.given.user(OWNER_EMAIL);
      await t.given.user(OTHER_OWNER_EMAIL);
      for (const [owner, name] of [
        [OWNER_EMAIL, 'A'],
        [OTHER_OWNER_EMAIL, 'B'],
        [OWNER_EMAIL, 'C'],
        [OTHER_OWNER_EMAIL, 'D'],
      ] as const) {
        workspaces.push(await t.given.workspace(owner, name));
      }
    });
    after(async () => {
      await t?.close();
    });

    it('every type to A, post.published alone to B, nothing to C (none) or D (switched off); a change between rounds counts from the next', async () => {
      const [a, b, c, d] = workspaces as [string, string, string, string];
      await subscribe(a, WEBHOOK_EVENT_TYPES);
      await subscribe(b, ['post.published']);
      const off = await subscribe(d, WEBHOOK_EVENT_TYPES, false);

      await round([a, b, c, d]);
      expect(await deliveries()).to.deep.equal({ 'A target.published': 1, 'A post.published': 1, 'B post.published': 1 });

      // Between rounds: C subscribes, D is switched on. A workspace the unit did not anticipate is read on its own.
      await subscribe(c, ['target.published']);
      await t.composition.get(T.ManageWebhooks).change(d, off.subscription.id, { enabled: true });
      await round([c, d, a], [c]);
      expect(await deliveries()).to.deep.equal({
        'A target.published': 2,
        'A post.published': 2,
        'B post.published': 1,
        'C target.published': 1,
        'D target.published': 1,
        'D post.published': 1,
      });
    });
  });
}
