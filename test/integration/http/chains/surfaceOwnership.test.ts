import { Router } from '@koa/router';
import { expect } from 'chai';
import supertest from 'supertest';
import { html, page } from '../../../../adapters/inbound/http/chains/html';
import { type AppState } from '../../../../adapters/inbound/http/state';
import { api } from '../../../support/openapi';
import { startSurfaceApp, type SurfaceApp } from './surfaceApp';

describe('HTTP surfaces: which chain answers which request', () => {
  let t: SurfaceApp;

  before(async () => {
    const consent = new Router<AppState>();
    consent.get('/oauth/example-consent', (ctx) => {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = page('Allow access?', html`<p>Allow?</p>`);
    });
    const token = new Router<AppState>({ prefix: '/oauth' });
    token.post('/example-token', (ctx) => {
      ctx.body = { access_token: 'x', token_type: 'Bearer' };
    });
    t = await startSurfaceApp({ RATE_LIMIT_MAX: '1000' }, () => ({ pages: [consent], oauth: [token] }));
  });
  after(async () => t?.close());

  const request = () => supertest(t.app.callback());

  it('gives a page router the one /oauth path it owns, and the rest of /oauth to the form chain', async () => {
    const consent = await request().get('/oauth/example-consent').expect(200);
    expect(consent.headers['content-type']).to.equal('text/html; charset=utf-8');
    expect(consent.headers['content-security-policy']).to.contain("frame-ancestors 'none'");

    const issued = await request().post('/oauth/example-token').type('form').send('grant_type=x').expect(200);
    expect(issued.headers['cache-control']).to.equal('no-store');
    expect(issued.headers['content-security-policy']).to.equal(undefined);

    const missing = await request().get('/oauth/elsewhere').expect(404);
    expect(missing.body).to.have.keys('error', 'error_description');
  });

  it("answers another method on the page's path from the page chain (its CSRF check first)", async () => {
    const res = await request().post('/oauth/example-consent').type('form').send('a=b').expect(403);
    expect(res.headers['content-type']).to.equal('text/html; charset=utf-8');
  });

  it('leaves /health, discovery and everything else where they were', async () => {
    await api(t.app).get('/health').expect(200);
    await api(t.app).get('/.well-known/oauth-protected-resource').expect(200);
    const res = await api(t.app).get('/oauthx').expect(404);
    expect(res.body.error).to.include({ code: 'route_not_found' });
  });
});
