import { type Router } from '@koa/router';
import { type Middleware } from 'koa';
import { type Logger } from '../../../../application/ports/Logger';
import { rateLimit, type RateLimitOptions } from '../middleware/rateLimit';
import { type AppState } from '../state';
import { csrfProtection } from './csrf';
import { formBody } from './formBody';
import { htmlErrors } from './htmlErrors';
import { deadlineOf, inOrder, routing } from './inOrder';
import { PAGE_HEADERS, withHeaders } from './responseHeaders';

export interface PageChainOptions {
  readonly logger: Logger;
  /** Counted per client address, in a bucket of its own (sign-in guesses are limited too). */
  readonly rateLimit: Omit<RateLimitOptions, 'bucket'>;
  readonly bodyLimitBytes: number;
  /** Keys the CSRF tokens; every instance must share it. */
  readonly csrfSecret: string;
  /** Served over https: the CSRF cookie is Secure and `__Host-` prefixed. */
  readonly secureCookies: boolean;
  /** The request ceiling (requestDeadline), right inside the error renderer; none when absent. */
  readonly deadline?: Middleware<AppState>;
}

/**
 * Server-rendered pages: HTML answers with a strict CSP and no framing, urlencoded form posts,
 * a CSRF token on every unsafe request (checked once the form is read), HTML error pages.
 * Routes render with `page()`/`html` and put `ctx.state.csrfToken` in each form's `_csrf` field.
 */
export function pageChain(routers: readonly Router<AppState>[], options: PageChainOptions): Middleware<AppState> {
  return inOrder(
    withHeaders(PAGE_HEADERS),
    htmlErrors(options.logger),
    ...deadlineOf(options),
    rateLimit({ ...options.rateLimit, bucket: 'pages' }),
    formBody(options.bodyLimitBytes),
    csrfProtection({ secret: options.csrfSecret, secureCookie: options.secureCookies }),
    ...routing(routers),
  );
}
