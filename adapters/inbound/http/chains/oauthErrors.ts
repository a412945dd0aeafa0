import { type Middleware } from 'koa';
import { type Logger } from '../../../../application/ports/Logger';
import { type DomainError, type ErrorKind } from '../../../../domain/shared/DomainError';
import { renderErrors } from '../middleware/renderErrors';
import { type AppState } from '../state';

/** Codes the OAuth specifications (RFC 6749, 7009, 8628, 8707) define: a DomainError carrying one of them keeps it (docs/surfaces.md). */
export const OAUTH_ERROR_CODES = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'access_denied',
  'unsupported_response_type',
  'server_error',
  'temporarily_unavailable',
  'authorization_pending',
  'slow_down',
  'expired_token',
  'unsupported_token_type',
  'invalid_target',
] as const;
const OAUTH_CODES: ReadonlySet<string> = new Set(OAUTH_ERROR_CODES);

/** The answer for each kind of domain error that carries no OAuth code of its own. */
const BY_KIND: Record<ErrorKind, { status: number; error: string }> = {
  validation: { status: 400, error: 'invalid_request' },
  unauthenticated: { status: 401, error: 'invalid_client' },
  forbidden: { status: 403, error: 'access_denied' },
  not_found: { status: 400, error: 'invalid_request' },
  conflict: { status: 400, error: 'invalid_request' },
  precondition_failed: { status: 400, error: 'invalid_request' },
  quota_exceeded: { status: 403, error: 'access_denied' },
  // Told apart by the status; slow_down is the code a polling client already backs off on.
  rate_limited: { status: 429, error: 'slow_down' },
  unavailable: { status: 503, error: 'temporarily_unavailable' },
};

export interface OAuthError {
  readonly error: string;
  readonly error_description: string;
}

/**
 * The form chain's error renderer: every error, and the router's bodiless 404/405/501, becomes
 * an OAuth error body `{error, error_description}`, never the JSON API's envelope; the request
 * id travels in the X-Request-Id header only.
 */
export const oauthErrors = (logger: Logger): Middleware<AppState> =>
  renderErrors(logger, {
    unrouted: (ctx) => render(ctx, ctx.status, 'invalid_request', `no such endpoint: ${ctx.method} ${ctx.path}`),
    domain(ctx, error) {
      const mapped = answerFor(error);
      if (mapped.status === 401 && ctx.get('Authorization') !== '') ctx.set('WWW-Authenticate', 'Basic realm="dispatch"');
      render(ctx, mapped.status, mapped.error, error.message);
    },
    // 413, 415 and 405 keep their status (a client can act on it); any other client error is a 400.
    client: (ctx, status, message) => render(ctx, [405, 413, 415].includes(status) ? status : 400, 'invalid_request', message ?? 'bad request'),
    unexpected: (ctx) => render(ctx, 500, 'server_error', 'an unexpected error occurred; quote the X-Request-Id header when reporting it'),
  });

/**
 * A use case naming an OAuth code is answered as the OAuth specifications say: 400, but 401 for
 * a client that failed to authenticate, and the kind's own status for rate limits and outages.
 */
function answerFor(error: DomainError): { status: number; error: string } {
  if (!OAUTH_CODES.has(error.code)) return BY_KIND[error.kind];
  const status = error.code === 'invalid_client' ? 401 : error.kind === 'rate_limited' || error.kind === 'unavailable' ? BY_KIND[error.kind].status : 400;
  return { status, error: error.code };
}

function render(ctx: Parameters<Middleware<AppState>>[0], status: number, error: string, description: string): void {
  ctx.status = status;
  const body: OAuthError = { error, error_description: describable(description) };
  ctx.body = body;
}

/** The characters an error_description may hold: printable ASCII without `"` and `\`; anything else becomes `?`. */
export const describable = (text: string): string => text.replace(/[^\x20-\x21\x23-\x5B\x5D-\x7E]/g, '?');
