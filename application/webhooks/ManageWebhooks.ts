import { conflict, notFound, validationError } from '../../domain/shared/DomainError';
import { type WebhookSubscription, WebhookSubscription as Subscription, type WebhookSubscriptionChanges } from '../../domain/webhook/WebhookSubscription';
import { type AddressPolicy } from '../ports/AddressPolicy';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { type WebhookSigner } from '../ports/webhooks/WebhookSender';
import { type WebhookSubscriptions } from '../ports/webhooks/WebhookSubscriptions';
import { type WebhookSettings } from './WebhookSettings';

export interface NewSubscription {
  readonly url: string;
  readonly eventTypes: readonly string[];
  readonly enabled?: boolean;
  readonly description?: string | null;
}

/**
 * A workspace's webhook subscriptions (docs/webhooks.md): made with a signing secret shown
 * once, changed, rotated (the old secret signs beside the new one for the overlap), removed.
 * A URL must reach a public address unless the operator allows private ones; deliveries are
 * checked again on every call.
 */
export class ManageWebhooks {
  constructor(
    private readonly subscriptions: WebhookSubscriptions,
    private readonly addresses: AddressPolicy,
    private readonly signer: WebhookSigner,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly settings: WebhookSettings,
  ) {}

  async create(workspaceId: string, input: NewSubscription): Promise<{ subscription: WebhookSubscription; secret: string }> {
    const secret = this.signer.newSecret();
    const subscription = Subscription.create({ ...input, id: this.ids.next(), workspaceId, secret, now: this.clock.now() });
    await this.mayCall(subscription.url);
    if (!(await this.subscriptions.add(subscription, this.settings.maxSubscriptions))) {
      throw conflict('too_many_webhooks', `a workspace may have at most ${this.settings.maxSubscriptions} webhook subscriptions`);
    }
    return { subscription, secret };
  }

  list(workspaceId: string): Promise<WebhookSubscription[]> {
    return this.subscriptions.listByWorkspace(workspaceId);
  }

  async get(workspaceId: string, id: string): Promise<WebhookSubscription> {
    const found = await this.subscriptions.find(workspaceId, id);
    if (found === null) throw notFound('Webhook');
    return found;
  }

  async change(workspaceId: string, id: string, changes: WebhookSubscriptionChanges): Promise<WebhookSubscription> {
    return this.saved(workspaceId, id, async (subscription) => {
      subscription.change(changes, this.clock.now());
      if (changes.url !== undefined) await this.mayCall(subscription.url);
    });
  }

  async rotateSecret(workspaceId: string, id: string): Promise<{ subscription: WebhookSubscription; secret: string }> {
    const secret = this.signer.newSecret();
    const subscription = await this.saved(workspaceId, id, (s) => s.rotateSecret(secret, this.clock.now(), this.settings.secretOverlapMs));
    return { subscription, secret };
  }

  async remove(workspaceId: string, id: string): Promise<void> {
    if (!(await this.subscriptions.remove(workspaceId, id))) throw notFound('Webhook');
  }

  /**
   * Loaded, changed and saved on condition that nobody saved it meanwhile (a worker that
   * disabled it: a change of its description must not switch it back on); then read anew and
   * changed again, a few times at most.
   */
  private async saved(workspaceId: string, id: string, change: (s: WebhookSubscription) => void | Promise<void>): Promise<WebhookSubscription> {
    for (let tries = 0; tries < 3; tries++) {
      const subscription = await this.get(workspaceId, id);
      await change(subscription);
      if (await this.subscriptions.save(subscription)) return subscription;
    }
    throw conflict('webhook_changed', 'the webhook kept changing while this change was made; read it and try again');
  }

  private async mayCall(url: string): Promise<void> {
    const refused = await this.addresses.refusal(url);
    if (refused !== null) throw validationError('invalid_webhook', [{ path: 'url', message: refused }]);
  }
}
