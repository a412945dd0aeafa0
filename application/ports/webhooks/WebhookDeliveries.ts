export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One HTTP call of a delivery: what the endpoint answered, or why nothing came back. */
export interface DeliveryAttempt {
  readonly attempt: number;
  readonly at: Date;
  /** Null when no answer came (timeout, refused address, connection error). */
  readonly statusCode: number | null;
  readonly responseMs: number;
  /** Null for a success. */
  readonly error: string | null;
}

/** One event on its way to one subscription (the delivery log, docs/webhooks.md). */
export interface WebhookDelivery {
  readonly id: string;
  readonly subscriptionId: string;
  readonly workspaceId: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  /** The attempts it may make before it fails; a manual retry allows one more. */
  readonly attemptLimit: number;
  /** When the next attempt is due; null once it ended. */
  readonly nextAttemptAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly attemptLog: readonly DeliveryAttempt[];
}

/** A delivery a worker holds: it alone calls the endpoint until its lease ends. */
export interface ClaimedDelivery {
  readonly id: string;
  readonly subscriptionId: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly body: string;
  readonly attempts: number;
  readonly attemptLimit: number;
  readonly leaseOwner: string;
  /** When the event was written: an endpoint that answered since has not failed this delivery's whole time. */
  readonly createdAt: Date;
}

export interface AttemptRecord {
  readonly attempt: DeliveryAttempt;
  /** `pending` with the next attempt's time, or ended. */
  readonly next: { readonly status: 'pending'; readonly at: Date } | { readonly status: 'succeeded' | 'failed' };
}

/**
 * Deliveries waiting, leased, retried and logged. A claim leases each row with a conditional
 * update, so two workers never hold, and never send, the same delivery at the same time.
 */
export interface WebhookDeliveries {
  /** Pending deliveries of enabled subscriptions due by `now`, oldest first, whose lease (if any) ran out. */
  claimDue(request: { owner: string; now: Date; leaseMs: number; limit: number }): Promise<ClaimedDelivery[]>;
  /**
   * An endpoint that failed rests until `until`: its pending deliveries due before then (free,
   * or held by `owner`, whose leases end) wait until then, in their order.
   */
  holdEndpoint(subscriptionId: string, owner: string, until: Date, now: Date): Promise<void>;
  /**
   * Extends to `until` the leases `owner` still holds among these deliveries (a live worker's
   * heartbeat); one another worker took, or that was recorded or given back, is left alone.
   * The ids renewed, in the order given.
   */
  renew(deliveryIds: readonly string[], owner: string, until: Date): Promise<string[]>;
  /** Leases `owner` holds given back unused: the deliveries are due as they were. */
  release(deliveryIds: readonly string[], owner: string): Promise<void>;
  /** The attempt logged and the delivery moved on, if `owner` still holds it; false when another took it. */
  record(deliveryId: string, owner: string, record: AttemptRecord, now: Date): Promise<boolean>;
  /** A subscription's deliveries (in `status` when given), newest first, with their attempts; total ignores paging. */
  list(subscriptionId: string, page: { limit: number; offset: number; status?: DeliveryStatus }): Promise<{ items: WebhookDelivery[]; total: number }>;
  findDelivery(subscriptionId: string, deliveryId: string): Promise<WebhookDelivery | null>;
  /** Pending again, due now, one attempt more than it has made; false when it is pending already. */
  retry(subscriptionId: string, deliveryId: string, now: Date): Promise<boolean>;
  /** At most `limit` deliveries that ended before `before`, with their attempts, and the events no delivery refers to any more; how many deliveries went. */
  prune(before: Date, limit: number): Promise<number>;
}
