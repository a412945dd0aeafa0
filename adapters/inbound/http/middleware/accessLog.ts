import { type Context } from 'koa';
import { type Logger } from '../../../../application/ports/Logger';
import { type AppState } from '../state';

/** One line per request, `startedNs` from process.hrtime.bigint(); the path only (queries and headers may carry secrets). */
export function logRequest(logger: Logger, ctx: Context & { state: AppState }, startedNs: bigint): void {
  const credential = ctx.state.credential;
  logger.info('request', {
    requestId: ctx.state.requestId,
    method: ctx.method,
    path: ctx.path,
    status: ctx.status,
    client: ctx.request.ip,
    durationMs: Number((process.hrtime.bigint() - startedNs) / 1000n) / 1000,
    credential: credential ? `${credential.kind}:${credential.id}` : undefined,
  });
}
