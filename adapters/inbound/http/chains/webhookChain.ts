import { type Router } from '@koa/router';
import { type Middleware } from 'koa';
import { type Logger } from '../../../../application/ports/Logger';
import { type AppState } from '../state';
import { refuseCompressed } from './clientError';
import { deadlineOf, inOrder, routing } from './inOrder';
import { readRawBody } from './readRawBody';
import { JSON_HEADERS, withHeaders } from './responseHeaders';
import { webhookErrors } from './webhookErrors';

export interface WebhookChainOptions {
  readonly logger: Logger;
  readonly bodyLimitBytes: number;
  /** The request ceiling (requestDeadline), right inside the error renderer; none when absent. */
  readonly deadline?: Middleware<AppState>;
}

/**
 * Inbound webhooks (`/webhooks/*`): the body's exact bytes in `ctx.state.rawBody`, for the
 * route to check the sender's signature over, and nothing parsed or judged before that: a
 * third party's JSON is not held to the API's rules on our own clients' input. No bearer
 * credential and no rate limit per address (a provider delivers from a few addresses, in
 * bursts); the signature is the gate, and `actOnce` the guard against replays.
 * Errors use the JSON API's body, statuses as they are (webhookErrors).
 */
export function webhookChain(routers: readonly Router<AppState>[], options: WebhookChainOptions): Middleware<AppState> {
  return inOrder(withHeaders(JSON_HEADERS), webhookErrors(options.logger), ...deadlineOf(options), rawBody(options.bodyLimitBytes), ...routing(routers));
}

const rawBody =
  (limitBytes: number): Middleware<AppState> =>
  async (ctx, next) => {
    refuseCompressed(ctx);
    ctx.state.rawBody = await readRawBody(ctx.req, limitBytes);
    await next();
  };
