import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { type WebhookSigner } from '../../../application/ports/webhooks/WebhookSender';

const PREFIX = 'whsec_';

/**
 * Standard Webhooks signatures through its reference library (`standardwebhooks`): secrets
 * `whsec_` + 32 random bytes in base64, `webhook-signature` holding one `v1,<signature>` per
 * secret in force, space-separated, so a receiver with either secret verifies during a
 * rotation's overlap.
 */
export class StandardWebhookSigner implements WebhookSigner {
  newSecret(): string {
    return `${PREFIX}${randomBytes(32).toString('base64')}`;
  }

  headers(secrets: readonly string[], messageId: string, at: Date, body: string): Record<string, string> {
    const signatures = secrets.map((secret) => new Webhook(secret).sign(messageId, at, body));
    return {
      'webhook-id': messageId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signatures.join(' '),
    };
  }
}
