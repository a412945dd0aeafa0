import { type Router } from '@koa/router';
import { type Middleware } from 'koa';
import { type Logger } from '../../../../application/ports/Logger';
import { rateLimit, type RateLimitOptions } from '../middleware/rateLimit';
import { type AppState } from '../state';
import { formBody } from './formBody';
import { deadlineOf, inOrder, routing } from './inOrder';
import { oauthErrors } from './oauthErrors';
import { NO_STORE, withHeaders } from './responseHeaders';

export interface FormChainOptions {
  readonly logger: Logger;
  /** Counted per client address, in a bucket of its own. */
  readonly rateLimit: Omit<RateLimitOptions, 'bucket'>;
  readonly bodyLimitBytes: number;
  /** The request ceiling (requestDeadline), right inside the error renderer; none when absent. */
  readonly deadline?: Middleware<AppState>;
}

/**
 * The OAuth endpoints' chain (`/oauth/*`): urlencoded form bodies, OAuth error bodies, no-store
 * on every answer, a rate limit per client address. Client authentication is each endpoint's
 * own business (it comes in the form or in Basic), so no bearer credential is resolved here.
 */
export function formChain(routers: readonly Router<AppState>[], options: FormChainOptions): Middleware<AppState> {
  return inOrder(
    withHeaders(NO_STORE),
    oauthErrors(options.logger),
    ...deadlineOf(options),
    rateLimit({ ...options.rateLimit, bucket: 'oauth' }),
    formBody(options.bodyLimitBytes),
    ...routing(routers),
  );
}
