import { expect } from 'chai';
import Koa from 'koa';
import request from 'supertest';
import { requestDeadline } from '../../../../adapters/inbound/http/middleware/requestDeadline';
import { errorHandler } from '../../../../adapters/inbound/http/middleware/errorHandler';
import { AsyncLocalCancellation } from '../../../../adapters/outbound/context/AsyncLocalCancellation';
import { type AppState } from '../../../../adapters/inbound/http/state';
import { RecordingLogger } from '../../../support/recordingLogger';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The JSON API's renderer, the ceiling, then a handler taking `handlerMs` that reports what its work saw. */
function appTaking(handlerMs: number, seen: { aborted?: boolean }) {
  const cancellation = new AsyncLocalCancellation();
  const logs = new RecordingLogger();
  const app = new Koa<AppState>();
  app.use(async (ctx, next) => {
    ctx.state.requestId = 'req-1';
    await next();
  });
  app.use(errorHandler(logs, 'http://localhost'));
  app.use(requestDeadline({ timeoutMs: 100, cancellation, logger: logs }));
  app.use(async (ctx) => {
    await pause(handlerMs);
    // What the unit of work asks before COMMIT.
    seen.aborted = cancellation.current()?.aborted;
    ctx.body = { done: true };
  });
  return { app, logs };
}

describe('requestDeadline: the request ceiling (REQUEST_TIMEOUT_MS)', () => {
  it('lets a request within the ceiling through, its work never told to stop', async () => {
    const seen: { aborted?: boolean } = {};
    const { app } = appTaking(10, seen);
    await request(app.callback()).get('/').expect(200, { done: true });
    expect(seen.aborted).to.equal(false);
  });

  it('answers 503 request_timeout with Retry-After once the ceiling passes, and aborts the work left running', async () => {
    const seen: { aborted?: boolean } = {};
    const { app, logs } = appTaking(1500, seen);
    const res = await request(app.callback()).get('/').expect(503);
    // Answered while the work still ran (it reports only when it ends): not after it.
    expect(seen.aborted, 'the work had not finished when the answer came').to.equal(undefined);
    expect(res.body.error).to.include({ type: 'HealthUnavailable', code: 'request_timeout' });
    expect(res.headers['retry-after']).to.match(/^\d+$/);
    await pause(1600);
    expect(seen.aborted).to.equal(true);
    expect(logs.count('request timed out')).to.equal(1);
    expect(logs.count('dependency unavailable')).to.equal(0);
  });
});
