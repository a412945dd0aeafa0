import { type WebhookSubscription } from '../../../domain/webhook/WebhookSubscription';

/** A workspace's webhook subscriptions (docs/webhooks.md); secrets kept encrypted at rest by the adapter. */
export interface WebhookSubscriptions {
  add(subscription: WebhookSubscription): Promise<void>;
  save(subscription: WebhookSubscription): Promise<void>;
  /** Null for another workspace's, or none. */
  find(workspaceId: string, id: string): Promise<WebhookSubscription | null>;
  /** Oldest first. */
  listByWorkspace(workspaceId: string): Promise<WebhookSubscription[]>;
  countByWorkspace(workspaceId: string): Promise<number>;
  /** Any workspace's, for the workers that deliver its events. */
  findById(id: string): Promise<WebhookSubscription | null>;
  /**
   * An attempt's result on its health, as one atomic change (deliveries to one endpoint end
   * side by side): a success clears the failures, a failure counts one more.
   */
  recordAttempt(id: string, result: { ok: true; at: Date } | { ok: false; at: Date; error: string }): Promise<void>;
  /** Switches it off (with `reason`) if its endpoint has failed at least `failures` attempts in a row; true when it did. */
  disableIfFailing(id: string, failures: number, reason: string, now: Date): Promise<boolean>;
  /** Removes it with its deliveries; false when there was none. */
  remove(workspaceId: string, id: string): Promise<boolean>;
}
