import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AttemptRecord, type WebhookDeliveries } from '../../application/ports/webhooks/WebhookDeliveries';
import { compose, type Composition } from '../../config/container';
import { loadConfig } from '../../config/env';
import { TOKENS as T } from '../../config/tokens';
import { WebhookSubscription } from '../../domain/webhook/WebhookSubscription';
import { DATABASE_KINDS, type DatabaseKind, serverFor } from '../support/databases';
import { OWNER_EMAIL } from '../support/data/people';
import { requireServer } from '../support/services';
import { Fixtures, freshDatabaseEnv, startTestApp } from '../support/testApp';

const NOW = new Date('2030-01-01T00:00:00.000Z');
const LEASE_MS = 30_000;
const later = (ms: number): Date => new Date(NOW.getTime() + ms);
const succeeded: AttemptRecord = { attempt: { attempt: 1, at: NOW, statusCode: 200, responseMs: 5, error: null }, next: { status: 'succeeded' } };

/** The leases of WebhookDeliveries (claim, renew, record, release) on each adapter the composition binds. */
function deliveryLeaseContract(kind: 'memory' | DatabaseKind): void {
  describe(`WebhookDeliveries leases contract: ${kind}`, function () {
    let composition: Composition;
    let deliveries: WebhookDeliveries;
    let workspaceId: string;
    let subscription: WebhookSubscription;
    let n = 0;

    before(async function () {
      const server = kind === 'memory' ? null : serverFor(kind);
      if (server !== null) await requireServer(this, server);
      composition =
        kind === 'memory'
          ? await compose(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-leases-')) }), { persistence: 'memory' })
          : (await startTestApp(await freshDatabaseEnv(kind))).composition;
      deliveries = composition.get(T.WebhookDeliveries);
      const given = new Fixtures(composition);
      await given.user(OWNER_EMAIL);
      workspaceId = await given.workspace(OWNER_EMAIL);
    });
    beforeEach(async () => {
      n++;
      const secret = composition.get(T.WebhookSigner).newSecret();
      subscription = WebhookSubscription.create({
        id: `01WEBHOOK${String(n).padStart(17, '0')}`,
        workspaceId,
        url: 'https://hooks.example.com/a',
        eventTypes: ['post.published'],
        secret,
        now: NOW,
      });
      await composition.get(T.WebhookSubscriptions).add(subscription, 100);
    });
    // Its deliveries go with it: the next test claims from an empty log.
    afterEach(() => composition.get(T.WebhookSubscriptions).remove(workspaceId, subscription.id));
    after(() => composition?.close());

    /** `count` deliveries, each due a millisecond after the one before (so claims take them in this order). */
    const pending = async (count: number): Promise<string[]> => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) ids.push(await composition.get(T.EventOutbox).emitTest(subscription, later(i - count)));
      return ids;
    };
    const claim = async (owner: string, now: Date, limit = 10) => (await deliveries.claimDue({ owner, now, leaseMs: LEASE_MS, limit })).map((d) => d.id);

    it('renew extends only the leases the owner still holds: never another’s, nor a recorded, released or unclaimed delivery', async () => {
      const [mine, recorded, theirs, released, free] = await pending(5);
      expect(await claim('worker-a', NOW, 2)).to.deep.equal([mine, recorded]);
      expect(await claim('worker-b', NOW, 1)).to.deep.equal([theirs]);
      expect(await claim('worker-a', NOW, 1)).to.deep.equal([released]);
      expect(await deliveries.record(recorded!, 'worker-a', succeeded, NOW)).to.equal(true);
      await deliveries.release([released!], 'worker-a');

      const ids = [mine!, recorded!, theirs!, released!, free!, 'unknown'];
      expect(await deliveries.renew(ids, 'worker-a', later(3 * LEASE_MS)), 'only its own lease').to.deep.equal([mine]);
      expect(await deliveries.renew([mine!], 'worker-a', later(3 * LEASE_MS)), 'renewed to the same end again').to.deep.equal([mine]);

      expect(await claim('sweeper', later(LEASE_MS)), 'worker-b’s ran out, the free ones are due; worker-a’s renewed one is not').to.deep.equal([
        theirs,
        released,
        free,
      ]);
      expect(await deliveries.renew([theirs!], 'worker-b', later(10 * LEASE_MS)), 'the sweeper’s now').to.deep.equal([]);
      for (const id of [theirs!, released!, free!]) expect(await deliveries.record(id, 'sweeper', succeeded, later(LEASE_MS))).to.equal(true);
      expect(await claim('sweeper', later(3 * LEASE_MS - 1)), 'not a moment before its renewed end').to.deep.equal([]);
      expect(await claim('sweeper-2', later(3 * LEASE_MS))).to.deep.equal([mine]);
      expect(await deliveries.renew([mine!], 'worker-a', later(10 * LEASE_MS)), 'taken: worker-a renews nothing').to.deep.equal([]);
      expect(await deliveries.record(mine!, 'worker-a', succeeded, later(3 * LEASE_MS)), 'nor records it').to.equal(false);
    });

    it('a lease past its end that nobody took yet is still its owner’s to renew (its worker was slow, not gone)', async () => {
      const [delivery] = await pending(1);
      expect(await claim('worker-a', NOW)).to.deep.equal([delivery]);
      // Renewed after its end: no claimer came in between.
      expect(await deliveries.renew([delivery!], 'worker-a', later(2 * LEASE_MS + 5))).to.deep.equal([delivery]);
      expect(await claim('sweeper', later(LEASE_MS + 5))).to.deep.equal([]);
      expect(await deliveries.record(delivery!, 'worker-a', succeeded, later(LEASE_MS + 5))).to.equal(true);
    });
  });
}

deliveryLeaseContract('memory');
for (const kind of DATABASE_KINDS) deliveryLeaseContract(kind);
