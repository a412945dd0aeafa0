import { type Middleware } from 'koa';
import { type Logger } from '../../../../application/ports/Logger';
import { type AppState } from '../state';
import { errorBody, STATUS_OF } from './errorBody';
import { renderErrors } from './renderErrors';
import { apiResourceMetadataUrl, challengeFor } from './wwwAuthenticate';

const ROUTING_CODES: Record<number, string> = { 404: 'route_not_found', 405: 'method_not_allowed', 501: 'not_implemented' };

/**
 * The JSON API's renderer: domain errors by kind, client HTTP errors by status, the rest 500.
 * A 401's challenge points at the API's resource metadata unless another is given (the MCP server's).
 */
export const errorHandler = (logger: Logger, baseUrl: string, resourceMetadataUrl = apiResourceMetadataUrl(baseUrl)): Middleware<AppState> =>
  renderErrors(logger, {
    unrouted(ctx) {
      const status = ctx.status;
      const code = ROUTING_CODES[status] ?? 'bad_request';
      ctx.status = status;
      ctx.body = errorBody(status, code, `${code.replace(/_/g, ' ')}: ${ctx.method} ${ctx.path}`, [], ctx.state.requestId);
    },
    domain(ctx, error) {
      const status = STATUS_OF[error.kind];
      ctx.status = status;
      ctx.body = errorBody(status, error.code, error.message, error.details, ctx.state.requestId);
      const challenge = challengeFor(error, resourceMetadataUrl, Boolean(ctx.get('Authorization')));
      if (challenge !== null) ctx.set('WWW-Authenticate', challenge);
    },
    client(ctx, httpStatus, httpMessage) {
      const { status, code } = clientHttpError(httpStatus);
      const message = readableMessage(httpMessage) ?? 'bad request';
      // A 422 always names where the problem is; for an unreadable body that is the body itself.
      const details = status === 422 ? [{ path: '', message }] : [];
      ctx.status = status;
      ctx.body = errorBody(status, code, message, details, ctx.state.requestId);
    },
    unexpected(ctx) {
      ctx.status = 500;
      ctx.body = errorBody(500, 'internal_error', 'an unexpected error occurred; quote the requestId when reporting it', [], ctx.state.requestId);
    },
  });

/**
 * koa-body's words for valid JSON that is not an object or an array ("invalid JSON, only supports
 * object and array") would tell a client sending `true` or `"x"` that its JSON is broken.
 */
const SCALAR_BODY = 'invalid JSON, only supports object and array';
const readableMessage = (message: string | null | undefined): string | null | undefined =>
  message === SCALAR_BODY ? 'the body must be a JSON object or array, not a lone string, number, true, false or null' : message;

/** Body-parser and router errors are the client's: a broken JSON body is a validation failure. */
function clientHttpError(status: number): { status: number; code: string } {
  if (status === 413) return { status: 413, code: 'payload_too_large' };
  if (status === 415) return { status: 415, code: 'unsupported_media_type' };
  if (status === 405) return { status: 405, code: 'method_not_allowed' };
  if (status === 499) return { status: 499, code: 'client_aborted' };
  if (status === 400) return { status: 422, code: 'invalid_json' };
  return { status, code: 'bad_request' };
}
