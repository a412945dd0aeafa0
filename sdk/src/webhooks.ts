import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { type webhooks } from './schema';

export { Webhook, WebhookVerificationError };

/** Every event the service sends (docs/webhooks.md), typed from the OpenAPI document's `webhooks`: switch on `type`. */
export type WebhookEvent = {
  [Type in keyof webhooks]: NonNullable<webhooks[Type]['post']> extends { requestBody: { content: { 'application/json': infer Body } } } ? Body : never;
}[keyof webhooks];
export type WebhookEventType = WebhookEvent['type'];

/** A request's headers: Node's `req.headers`, a fetch `Headers`, or a plain record. */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface WebhookDelivery {
  /** The subscription's `whsec_…` secret, or both while a rotated one overlaps the new one. */
  readonly secret: string | readonly string[];
  /** The raw body, exactly as received: verify before parsing. */
  readonly body: string | Uint8Array;
  readonly headers: WebhookHeaders;
}

/**
 * Verifies a delivery's Standard Webhooks signature (webhook-id, webhook-timestamp within five
 * minutes, webhook-signature) and returns its event; throws WebhookVerificationError otherwise.
 * Deliveries come at least once: deduplicate on `event.id` (docs/webhooks.md).
 */
export function verifyWebhook(delivery: WebhookDelivery): WebhookEvent {
  const body = typeof delivery.body === 'string' ? delivery.body : new TextDecoder().decode(delivery.body);
  const headers = headerRecord(delivery.headers);
  const secrets = typeof delivery.secret === 'string' ? [delivery.secret] : delivery.secret;
  let failure: unknown = new WebhookVerificationError('No secret to verify with');
  for (const secret of secrets) {
    try {
      return new Webhook(secret).verify(body, headers) as WebhookEvent;
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

function headerRecord(headers: WebhookHeaders): Record<string, string> {
  const record: Record<string, string> = {};
  if (typeof Headers !== 'undefined' && headers instanceof Headers) {
    headers.forEach((value, name) => {
      record[name] = value;
    });
    return record;
  }
  for (const [name, value] of Object.entries(headers as Record<string, string | readonly string[] | undefined>)) {
    if (value !== undefined) record[name.toLowerCase()] = typeof value === 'string' ? value : value.join(', ');
  }
  return record;
}
