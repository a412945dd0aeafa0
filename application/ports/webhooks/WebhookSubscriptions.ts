import { type WebhookSubscription } from '../../../domain/webhook/WebhookSubscription';

/** A workspace's webhook subscriptions (docs/webhooks.md); secrets kept encrypted at rest by the adapter. */
export interface WebhookSubscriptions {
  /**
   * Stores a new one unless its workspace has `limit` already (false then); two made side by
   * side for the last place never both pass.
   */
  add(subscription: WebhookSubscription, limit: number): Promise<boolean>;
  /**
   * Its settings and secrets (the health is the workers', recordAttempt's), on condition
   * that nobody saved it since it was loaded (its `version` still the stored one: not another
   * change, nor a worker that disabled it meanwhile); false when somebody did, and nothing was written.
   */
  save(subscription: WebhookSubscription): Promise<boolean>;
  /** Null for another workspace's, or none. */
  find(workspaceId: string, id: string): Promise<WebhookSubscription | null>;
  /** Oldest first. */
  listByWorkspace(workspaceId: string): Promise<WebhookSubscription[]>;
  /** Any workspace's, for the workers that deliver its events. */
  findById(id: string): Promise<WebhookSubscription | null>;
  /**
   * An attempt's result on its health, as one atomic change (deliveries to one endpoint end
   * side by side): a success clears the failures, a failure counts one more.
   */
  recordAttempt(id: string, result: { ok: true; at: Date } | { ok: false; at: Date; error: string }): Promise<void>;
  /**
   * Switches it off (with `reason`) if it is on and its endpoint has answered no attempt
   * successfully since `since`; true when it did.
   */
  disableIfNoSuccessSince(id: string, since: Date, reason: string, now: Date): Promise<boolean>;
  /** Removes it with its deliveries; false when there was none. */
  remove(workspaceId: string, id: string): Promise<boolean>;
}
