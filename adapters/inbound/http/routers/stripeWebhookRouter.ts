import { Router } from '@koa/router';
import { type RecordBillingEvent } from '../../../../application/billing/RecordBillingEvent';
import { type PaymentProvider } from '../../../../application/ports/billing/PaymentProvider';
import { type Clock } from '../../../../application/ports/Clock';
import { type InboundEventLog } from '../../../../application/ports/InboundEventLog';
import { actOnce } from '../chains/actOnce';
import { errorBody } from '../middleware/errorBody';
import { rawBodyOf, type AppState } from '../state';

/**
 * `POST /webhooks/stripe` on the webhook chain (docs/account.md): the signature and its
 * timestamp checked over the exact bytes, then each event id acted on once (actOnce).
 */
export function stripeWebhookRouter(provider: PaymentProvider, record: RecordBillingEvent, events: InboundEventLog, clock: Clock): Router<AppState> {
  const router = new Router<AppState>();
  router.post('/webhooks/stripe', async (ctx) => {
    const verified = provider.verifyEvent(rawBodyOf(ctx), ctx.get('Stripe-Signature') || null);
    if (!verified.ok) {
      const [code, message] =
        verified.problem === 'signature'
          ? ['invalid_signature', `the event's signature does not verify: ${verified.reason}`]
          : ['invalid_event', verified.reason];
      ctx.status = 400;
      ctx.body = errorBody(400, code, message, [], ctx.state.requestId);
      return;
    }
    const event = verified.event;
    const delivery = await actOnce(events, clock, 'stripe', event.id, () => record.execute(event));
    ctx.body = { received: true, replayed: delivery === 'replayed' };
  });
  return router;
}
