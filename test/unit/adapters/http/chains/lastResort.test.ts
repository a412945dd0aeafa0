import Koa from 'koa';
import { expect } from 'chai';
import supertest from 'supertest';
import { lastResort } from '../../../../../adapters/inbound/http/chains/lastResort';
import { type AppState } from '../../../../../adapters/inbound/http/state';
import { type Logger } from '../../../../../application/ports/Logger';

describe('the last-resort renderer outside every chain', () => {
  it('answers what escaped a chain as a 500 in the JSON error body, and logs it', async () => {
    const logged: string[] = [];
    const logger: Logger = { error: (message) => void logged.push(message), warn: () => undefined, info: () => undefined, debug: () => undefined };
    const app = new Koa<AppState>();
    app.silent = true;
    app.use(async (ctx, next) => {
      ctx.state.requestId = 'req-1';
      await next();
    });
    app.use(lastResort(logger));
    app.use(() => {
      throw new Error('escaped');
    });
    const res = await supertest(app.callback()).get('/anything').expect(500);
    expect(res.body).to.deep.equal({
      error: {
        type: 'InternalError',
        code: 'internal_error',
        message: 'an unexpected error occurred; quote the requestId when reporting it',
        details: [],
        requestId: 'req-1',
      },
    });
    expect(logged).to.deep.equal(['unhandled error outside any chain']);
  });
});
