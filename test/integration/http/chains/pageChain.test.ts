import { Router } from '@koa/router';
import { expect } from 'chai';
import supertest from 'supertest';
import { html, page } from '../../../../adapters/inbound/http/chains/html';
import { csrfTokenOf, type AppState } from '../../../../adapters/inbound/http/state';
import { api } from '../../../support/openapi';
import { startSurfaceApp, type SurfaceApp } from './surfaceApp';

/** A small page: a form carrying its CSRF token, and the answer to posting it. */
function testPages(): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/test-pages' });
  router.get('/greet', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page(
      'Greet',
      html`<form method="post" action="/test-pages/greet">
<input type="hidden" name="_csrf" value="${csrfTokenOf(ctx)}">
<input name="name"><button>Greet</button>
</form>`,
    );
  });
  router.post('/greet', (ctx) => {
    const { name } = ctx.request.body as Record<string, string>;
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page('Hello', html`<p>Hello, ${name}!</p>`);
  });
  return router;
}

const CSP =
  "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; media-src 'self' https:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function expectPageHeaders(res: supertest.Response): void {
  expect(res.headers['content-type']).to.equal('text/html; charset=utf-8');
  expect(res.headers['content-security-policy']).to.equal(CSP);
  expect(res.headers['x-frame-options']).to.equal('DENY');
  expect(res.headers['x-content-type-options']).to.equal('nosniff');
  expect(res.headers['referrer-policy']).to.equal('no-referrer');
  expect(res.headers['cache-control']).to.equal('no-store');
}

describe('HTTP surfaces: the page chain', () => {
  let t: SurfaceApp;
  let cookie: string;
  let token: string;

  before(async () => {
    t = await startSurfaceApp({ RATE_LIMIT_MAX: '1000' }, () => ({ pages: [testPages()] }));
  });
  after(async () => t?.close());

  const request = () => supertest(t.app.callback());

  it('serves a page with a strict CSP, no framing, and a CSRF token tied to a new cookie', async () => {
    const res = await request().get('/test-pages/greet').expect(200);
    expectPageHeaders(res);
    expect(res.headers['content-security-policy']).to.contain("frame-ancestors 'none'");
    const setCookie = (res.headers['set-cookie'] as unknown as string[])[0]!;
    expect(setCookie).to.match(/^dispatch_csrf=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    cookie = setCookie.split(';')[0]!;
    token = /name="_csrf" value="([^"]+)"/.exec(res.text)![1]!;
    expect(token).to.match(/^[A-Za-z0-9_-]{43}$/);
  });

  it('keeps the cookie a browser already has, and the same token for it', async () => {
    const res = await request().get('/test-pages/greet').set('Cookie', cookie).expect(200);
    expect(res.headers['set-cookie']).to.equal(undefined);
    expect(/name="_csrf" value="([^"]+)"/.exec(res.text)![1]).to.equal(token);
  });

  it('answers a post with the right token, escaping what it shows', async () => {
    const res = await request().post('/test-pages/greet').set('Cookie', cookie).type('form').send({ _csrf: token, name: '<b>Ada</b> & "co"' }).expect(200);
    expectPageHeaders(res);
    expect(res.text).to.contain('Hello, &lt;b&gt;Ada&lt;/b&gt; &amp; &quot;co&quot;!');
  });

  it('takes the token from the X-CSRF-Token header too', async () => {
    await request().post('/test-pages/greet').set('Cookie', cookie).set('X-CSRF-Token', token).type('form').send({ name: 'Ada' }).expect(200);
  });

  it("refuses a post without a token, with a wrong one, without the cookie, or with another browser's cookie: a 403 page", async () => {
    const other = (await request().get('/test-pages/greet').expect(200)).headers['set-cookie'] as unknown as string[];
    const attempts = [
      request().post('/test-pages/greet').set('Cookie', cookie).type('form').send({ name: 'Ada' }),
      request()
        .post('/test-pages/greet')
        .set('Cookie', cookie)
        .type('form')
        .send({ _csrf: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, name: 'Ada' }),
      request().post('/test-pages/greet').set('Cookie', cookie).type('form').send({ _csrf: 'short', name: 'Ada' }),
      request().post('/test-pages/greet').type('form').send({ _csrf: token, name: 'Ada' }),
      request().post('/test-pages/greet').set('Cookie', other[0]!.split(';')[0]!).type('form').send({ _csrf: token, name: 'Ada' }),
    ];
    for (const attempt of attempts) {
      const res = await attempt.expect(403);
      expectPageHeaders(res);
      expect(res.text).to.contain('<h1>403 Forbidden</h1>');
      expect(res.text).to.contain(res.headers['x-request-id']);
      expect(res.text).not.to.contain('Hello');
    }
  });

  it('answers an unknown page with a 404 page that escapes the path', async () => {
    const res = await request().get('/test-pages/<script>alert(1)</script>').expect(404);
    expectPageHeaders(res);
    expect(res.text).to.contain('<h1>404 Not Found</h1>');
    expect(res.text).to.contain('/test-pages/&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.text).not.to.contain('<script>');
  });

  it('answers a JSON post with a 415 page', async () => {
    const res = await request().post('/test-pages/greet').set('Cookie', cookie).set('Content-Type', 'application/json').send('{}').expect(415);
    expectPageHeaders(res);
  });

  it('leaves the JSON API as it was', async () => {
    const res = await api(t.app).get('/v1/me').expect(401);
    expect(res.body.error).to.include({ code: 'missing_credential' });
    expect(res.headers['content-security-policy'], "the JSON API's own CSP").to.equal("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).to.equal(undefined);
    await api(t.app).get('/v1/nothing-here').expect(404);
  });
});
