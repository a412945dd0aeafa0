import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Context, type Middleware } from 'koa';
import { forbidden } from '../../../../domain/shared/DomainError';
import { type AppState } from '../state';

/** The form field and the header a page's token may come back in. */
export const CSRF_FIELD = '_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const BROWSER_ID = /^[A-Za-z0-9_-]{43}$/;

/**
 * Double-submit tokens bound to the browser (docs/surfaces.md): each browser gets a random id
 * in an HttpOnly cookie, and its pages carry HMAC(secret, id) as the token. A cross-site form
 * sends the cookie but cannot read a page to learn the token, and no token can be made for an
 * id without the secret. Every unsafe request must bring the token back, compared in constant
 * time. Over https the cookie is `__Host-` prefixed: no subdomain can plant one.
 */
export function csrfProtection(options: { secret: string; secureCookie: boolean }): Middleware<AppState> {
  const cookieName = options.secureCookie ? '__Host-dispatch_csrf' : 'dispatch_csrf';
  const tokenFor = (browserId: string): string => createHmac('sha256', options.secret).update(`csrf-v1:${browserId}`).digest('base64url');

  return async (ctx, next) => {
    const sent = ctx.cookies.get(cookieName) ?? '';
    let browserId = sent;
    if (!BROWSER_ID.test(sent)) {
      browserId = randomBytes(32).toString('base64url');
      // Written by hand: Koa's cookie helper refuses a Secure cookie on a plain-http hop behind a proxy.
      ctx.append('Set-Cookie', `${cookieName}=${browserId}; Path=/; HttpOnly; SameSite=Lax${options.secureCookie ? '; Secure' : ''}`);
    }
    const expected = tokenFor(browserId);
    ctx.state.csrfToken = expected;
    if (!SAFE_METHODS.has(ctx.method)) {
      // A fresh id has no page the browser could have been given a token on.
      if (browserId !== sent || !sameToken(returnedToken(ctx), expected)) {
        throw forbidden('csrf_token_invalid', 'This form has expired or did not come from this site. Go back, reload the page and try again.');
      }
    }
    await next();
  };
}

function returnedToken(ctx: Context): string {
  const body = ctx.request.body as Record<string, unknown> | undefined;
  const field = body?.[CSRF_FIELD];
  return typeof field === 'string' ? field : ctx.get(CSRF_HEADER);
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
