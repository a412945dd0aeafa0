import { type BillingEvent, type BillingOwner } from '../../../application/ports/billing/PaymentProvider';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../../domain/billing/Subscription';

type Fields = Readonly<Record<string, unknown>>;

type StripeEvent = { readonly id: string; readonly type: string; readonly data: { readonly object: unknown } };

/** Whether parsed JSON has an event's shape: a non-empty string id and type, and an object at data.object. */
export function isStripeEvent(value: unknown): value is StripeEvent {
  const event = fieldsAt(value);
  const object = fieldsAt(event.data).object;
  return textAt(event, 'id') !== null && textAt(event, 'type') !== null && typeof object === 'object' && object !== null;
}

/**
 * A verified Stripe event in the service's terms. Read field by field rather than through the
 * SDK's types, so both API versions' shapes are understood: an invoice names its subscription
 * at `subscription` or at `parent.subscription_details.subscription`, and a subscription its
 * period end at `current_period_end` or on its items.
 */
export function billingEventOf(event: StripeEvent): BillingEvent {
  const o = event.data.object as Fields;
  const id = event.id;
  switch (event.type) {
    case 'checkout.session.completed': {
      const customerId = idOf(o.customer);
      const subscriptionId = idOf(o.subscription);
      if (o.mode !== 'subscription' || customerId === null || subscriptionId === null) return { kind: 'ignored', id };
      const paid = o.payment_status === 'paid' || o.payment_status === 'no_payment_required';
      return { kind: 'checkout_completed', id, customerId, subscriptionId, paid, owner: ownerOf(o.metadata, o.client_reference_id) };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const customerId = idOf(o.customer);
      const subscriptionId = idOf(o.id);
      if (customerId === null || subscriptionId === null) return { kind: 'ignored', id };
      const status = event.type === 'customer.subscription.deleted' ? 'canceled' : statusOf(o.status);
      if (status === null) return { kind: 'ignored', id };
      return { kind: 'subscription_changed', id, customerId, subscriptionId, status, currentPeriodEnd: periodEndOf(o), owner: ownerOf(o.metadata, null) };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const customerId = idOf(o.customer);
      const subscriptionId = idOf(o.subscription) ?? idOf(fieldsAt(fieldsAt(o.parent).subscription_details).subscription);
      if (customerId === null || subscriptionId === null) return { kind: 'ignored', id };
      return { kind: event.type === 'invoice.paid' ? 'invoice_paid' : 'invoice_failed', id, customerId, subscriptionId };
    }
    default:
      return { kind: 'ignored', id };
  }
}

/** An id, or an expanded object's id. */
const idOf = (value: unknown): string | null => {
  if (typeof value === 'string' && value !== '') return value;
  const nested = fieldsAt(value).id;
  return typeof nested === 'string' && nested !== '' ? nested : null;
};

const fieldsAt = (value: unknown): Fields => (typeof value === 'object' && value !== null ? (value as Fields) : {});

const textAt = (fields: Fields, name: string): string | null => (typeof fields[name] === 'string' && fields[name] !== '' ? (fields[name] as string) : null);

function ownerOf(metadata: unknown, clientReference: unknown): BillingOwner {
  const m = fieldsAt(metadata);
  return {
    userId: textAt(m, 'userId') ?? (typeof clientReference === 'string' ? clientReference : null),
    productId: textAt(m, 'productId'),
    workspaceId: textAt(m, 'workspaceId'),
  };
}

const statusOf = (value: unknown): SubscriptionStatus | null =>
  (SUBSCRIPTION_STATUSES as readonly unknown[]).includes(value) ? (value as SubscriptionStatus) : null;

function periodEndOf(subscription: Fields): Date | null {
  const item = fieldsAt(((fieldsAt(subscription.items).data as unknown[] | undefined) ?? [])[0]);
  const seconds = subscription.current_period_end ?? item.current_period_end;
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}
