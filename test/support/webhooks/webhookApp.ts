import { expect } from 'chai';
import { type PublishingWorker } from '../../../adapters/inbound/worker/PublishingWorker';
import { type WebhookDeliveryLoop } from '../../../adapters/inbound/worker/WebhookDeliveryLoop';
import { buildPublishingWorker, buildWebhookDelivery } from '../../../config/publishingWorker';
import { TOKENS as T } from '../../../config/tokens';
import { type Wiring } from '../../../config/Wiring';
import { type Platform } from '../../../domain/platform/Platform';
import { WEBHOOK_EVENT_TYPES } from '../../../domain/webhook/WebhookEventType';
import { type DatabaseKind } from '../databases';
import { OWNER_EMAIL } from '../data/people';
import { DEFAULT_GROUP_ID, group, segment, targetOn } from '../data/posts';
import { api, type ApiClient } from '../openapi';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../testApp';
import { eventually } from '../workerProcess';
import { type WebhookReceiver } from './webhookReceiver';

/** Deliveries retried within a second or two, so a test sees a whole schedule. */
export const QUICK_WEBHOOKS: Record<string, string> = {
  OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'true',
  WEBHOOK_RETRY_SCHEDULE_SECONDS: '1,1,1',
  WEBHOOK_TIMEOUT_MS: '1000',
};

/** A transient failure comes back after a second, not the default half minute. */
const quickRetries = (w: Wiring) => w.replace(T.PublishingSettings, { ...w.get(T.PublishingSettings), baseDelaySeconds: 1 });

/**
 * The service on SQLite or MariaDB with a workspace of sandbox connections, an owner's key,
 * a publishing worker and a webhook delivery loop in the test's process: what a client of
 * the API has when it subscribes to events.
 */
export class WebhookApp {
  private constructor(
    readonly t: TestApp,
    readonly http: ApiClient,
    readonly workspaceId: string,
    readonly auth: { Authorization: string },
    readonly connections: Map<Platform, string>,
    private readonly worker: PublishingWorker,
    private readonly delivery: WebhookDeliveryLoop,
  ) {}

  static async start(kind: DatabaseKind, platforms: readonly Platform[], env: Record<string, string> = {}): Promise<WebhookApp> {
    const t = await startTestApp(await freshDatabaseEnv(kind), { ...QUICK_WEBHOOKS, ...env }, { replace: quickRetries });
    await t.given.user(OWNER_EMAIL);
    const ws = await t.given.workspace(OWNER_EMAIL);
    const connections = new Map<Platform, string>();
    for (const platform of platforms) connections.set(platform, await t.given.connection(ws, platform, `sandbox-${platform.toLowerCase()}`, true));
    const key = (await t.given.apiKey(ws, OWNER_EMAIL, 'owner')).key;
    const worker = buildPublishingWorker(t.composition, 20);
    const delivery = buildWebhookDelivery(t.composition, 20);
    worker.start();
    delivery.start();
    return new WebhookApp(t, api(t.app), ws, { Authorization: `Bearer ${key}` }, connections, worker, delivery);
  }

  get base(): string {
    return `/v1/workspaces/${this.workspaceId}`;
  }

  /** Subscribes the receiver (to every event type unless told) and gives it the secret. */
  async subscribe(receiver: WebhookReceiver, eventTypes: readonly string[] = WEBHOOK_EVENT_TYPES): Promise<{ id: string; secret: string }> {
    const created = await this.http.post(`${this.base}/webhooks`).set(this.auth).send({ url: receiver.url, eventTypes, description: 'the test receiver' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    receiver.secrets.push(created.body.secret);
    return { id: created.body.id, secret: created.body.secret };
  }

  /** A post of one segment to each connection named, through the API. */
  async post(
    texts: Partial<Record<Platform, string>>,
    intent: 'publish_now' | 'schedule' | 'draft' = 'publish_now',
    scheduledAt: string | null = null,
    auth: { Authorization: string } = this.auth,
  ) {
    const entries = Object.entries(texts) as [Platform, string][];
    const groups = entries.map(([platform, text], i) => group(i === 0 ? DEFAULT_GROUP_ID : `g_${platform.toLowerCase()}`, i === 0, [segment(text)]));
    const targets = entries.map(([platform], i) => ({
      ...targetOn(this.connections.get(platform)!, platform),
      groupId: groups[i]!.id,
      scheduledAt,
    }));
    const created = await this.http.post(`${this.base}/posts`).set(auth).send({ groups, targets, intent });
    expect(created.status, JSON.stringify(created.body)).to.equal(200);
    return created.body as { id: string; status: string; targets: Array<{ id: string; connectionId: string; status: string }> };
  }

  async deliveries(webhookId: string): Promise<Array<Record<string, any>>> {
    return (await this.http.get(`${this.base}/webhooks/${webhookId}/deliveries?limit=100`).set(this.auth).expect(200)).body.data;
  }

  async webhook(webhookId: string): Promise<Record<string, any>> {
    return (await this.http.get(`${this.base}/webhooks/${webhookId}`).set(this.auth).expect(200)).body;
  }

  /** Waits until the receiver has verified an event of each type (as many of each as listed). */
  async received(receiver: WebhookReceiver, types: readonly string[], timeoutMs = 15_000): Promise<void> {
    const wanted = countOf(types);
    await eventually(
      () => [...wanted].every(([type, n]) => receiver.types().filter((t) => t === type).length >= n),
      timeoutMs,
      `events ${types.join(', ')} (received: ${receiver.types().join(', ') || 'none'})`,
    );
  }

  async close(): Promise<void> {
    await this.delivery.stop();
    await this.worker.stop(5000);
    await this.t.close();
  }
}

function countOf(types: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const type of types) counts.set(type, (counts.get(type) ?? 0) + 1);
  return counts;
}
