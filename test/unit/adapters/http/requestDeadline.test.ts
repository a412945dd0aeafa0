import { expect } from 'chai';
import Koa from 'koa';
import request from 'supertest';
import { requestDeadline } from '../../../../adapters/inbound/http/middleware/requestDeadline';
import { errorHandler } from '../../../../adapters/inbound/http/middleware/errorHandler';
import { AsyncLocalCancellation } from '../../../../adapters/outbound/context/AsyncLocalCancellation';
import { type AppState } from '../../../../adapters/inbound/http/state';
import { FixedClock } from '../../../support/fixedClock';
import { RecordingLogger } from '../../../support/recordingLogger';

/** A gate the test opens: the handler's work lasts until then, whatever the clock says. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** The JSON API's renderer, the ceiling on a test's clock, then a handler that works until `work` opens and reports what it saw. */
function appWorkingUntil(work: Promise<void>, seen: { entered?: boolean; aborted?: boolean; ended?: Promise<void> }) {
  const cancellation = new AsyncLocalCancellation();
  const logs = new RecordingLogger();
  const clock = new FixedClock();
  const app = new Koa<AppState>();
  app.use(async (ctx, next) => {
    ctx.state.requestId = 'req-1';
    await next();
  });
  app.use(errorHandler(logs, 'http://localhost'));
  app.use(requestDeadline({ timeoutMs: 100, cancellation, logger: logs, timers: clock }));
  app.use(async (ctx) => {
    seen.entered = true;
    seen.ended = work.then(() => {
      // What the unit of work asks before COMMIT.
      seen.aborted = cancellation.current()?.aborted;
    });
    await seen.ended;
    ctx.body = { done: true };
  });
  return { app, logs, clock };
}

/** Until the handler has the request (supertest's socket and Koa take a few turns of the loop). */
async function entered(seen: { entered?: boolean }): Promise<void> {
  while (!seen.entered) await new Promise((resolve) => setImmediate(resolve));
}

describe('requestDeadline: the request ceiling (REQUEST_TIMEOUT_MS)', () => {
  it('lets a request within the ceiling through, its work never told to stop', async () => {
    const seen: { entered?: boolean; aborted?: boolean } = {};
    const work = gate();
    const { app, clock } = appWorkingUntil(work.opened, seen);
    const answer = request(app.callback())
      .get('/')
      .then((res) => res);
    await entered(seen);
    await clock.elapse(99);
    work.open();
    const res = await answer;
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ done: true });
    expect(seen.aborted).to.equal(false);
  });

  it('answers 503 request_timeout with Retry-After once the ceiling passes, and aborts the work left running', async () => {
    const seen: { entered?: boolean; aborted?: boolean; ended?: Promise<void> } = {};
    const work = gate();
    const { app, logs, clock } = appWorkingUntil(work.opened, seen);
    const answer = request(app.callback())
      .get('/')
      .then((res) => res);
    await entered(seen);
    await clock.elapse(100);
    const res = await answer;
    expect(res.status).to.equal(503);
    // Answered while the work still ran (it reports only when it ends): not after it.
    expect(seen.aborted, 'the work had not finished when the answer came').to.equal(undefined);
    expect(res.body.error).to.include({ type: 'HealthUnavailable', code: 'request_timeout' });
    expect(res.headers['retry-after']).to.match(/^\d+$/);
    work.open();
    await seen.ended;
    expect(seen.aborted).to.equal(true);
    expect(logs.count('request timed out')).to.equal(1);
    expect(logs.count('dependency unavailable')).to.equal(0);
  });
});
