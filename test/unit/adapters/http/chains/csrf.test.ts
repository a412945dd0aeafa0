import Koa from 'koa';
import { expect } from 'chai';
import supertest from 'supertest';
import { csrfProtection } from '../../../../../adapters/inbound/http/chains/csrf';
import { type AppState } from '../../../../../adapters/inbound/http/state';

/** The CSRF check alone, behind a body already parsed (as formBody leaves it). */
function appWith(secureCookie: boolean, secret = 'a-secret-of-enough-length-0123456789'): Koa<AppState> {
  const app = new Koa<AppState>();
  app.silent = true;
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      ctx.status = 403;
      ctx.body = (error as Error).message;
    }
  });
  app.use(async (ctx, next) => {
    ctx.request.body = Object.fromEntries(new URLSearchParams(ctx.querystring));
    await next();
  });
  app.use(csrfProtection({ secret, secureCookie }));
  app.use((ctx) => {
    ctx.body = ctx.state.csrfToken;
  });
  return app;
}

describe('CSRF protection of pages', () => {
  it('over https: a __Host- cookie, Secure, HttpOnly, SameSite=Lax', async () => {
    const res = await supertest(appWith(true).callback()).get('/').expect(200);
    const cookie = (res.headers['set-cookie'] as unknown as string[])[0]!;
    expect(cookie).to.match(/^__Host-dispatch_csrf=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    const pair = cookie.split(';')[0]!;
    await supertest(appWith(true).callback()).post(`/?_csrf=${res.text}`).set('Cookie', pair).expect(200);
  });

  it('ties a token to its secret: another key makes other tokens', async () => {
    const first = await supertest(appWith(false).callback()).get('/').expect(200);
    const pair = (first.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    const other = appWith(false, 'another-secret-of-enough-length-987654');
    const again = await supertest(other.callback()).get('/').set('Cookie', pair).expect(200);
    expect(again.text).not.to.equal(first.text);
    await supertest(other.callback()).post(`/?_csrf=${first.text}`).set('Cookie', pair).expect(403);
  });

  it('treats a malformed cookie as none: a new id, and a POST refused', async () => {
    const res = await supertest(appWith(false).callback()).post('/?_csrf=x').set('Cookie', 'dispatch_csrf=short').expect(403);
    expect(res.headers['set-cookie']).to.have.length(1);
  });
});
