import { type Middleware } from 'koa';
import { type Logger } from '../../../../application/ports/Logger';
import { errorBody, STATUS_OF } from '../middleware/errorBody';
import { renderErrors } from '../middleware/renderErrors';
import { type AppState } from '../state';

/**
 * The webhook chain's error renderer: the JSON API's error body, but every status kept as it
 * is (a 400 is no `invalid_json` here: the body is never parsed by the chain) and no bearer
 * challenge, which would mislead a sender whose signature failed. Senders read the status only.
 */
export const webhookErrors = (logger: Logger): Middleware<AppState> =>
  renderErrors(logger, {
    unrouted(ctx) {
      const status = ctx.status;
      const code = status === 404 ? 'route_not_found' : status === 405 ? 'method_not_allowed' : 'bad_request';
      ctx.status = status; // set explicitly, or giving a body would turn the router's 404 into a 200
      ctx.body = errorBody(status, code, `${code.replace(/_/g, ' ')}: ${ctx.method} ${ctx.path}`, [], ctx.state.requestId);
    },
    domain(ctx, error) {
      ctx.status = STATUS_OF[error.kind];
      ctx.body = errorBody(ctx.status, error.code, error.message, error.details, ctx.state.requestId);
    },
    client(ctx, status, message) {
      const code = status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'bad_request';
      ctx.status = status;
      ctx.body = errorBody(status, code, message ?? 'bad request', [], ctx.state.requestId);
    },
    unexpected(ctx) {
      ctx.status = 500;
      ctx.body = errorBody(500, 'internal_error', 'an unexpected error occurred; quote the requestId when reporting it', [], ctx.state.requestId);
    },
  });
