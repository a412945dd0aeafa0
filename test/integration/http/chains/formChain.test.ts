import { Router } from '@koa/router';
import { expect } from 'chai';
import supertest from 'supertest';
import { type AppState } from '../../../../adapters/inbound/http/state';
import { DomainError, unauthenticated, validationError } from '../../../../domain/shared/DomainError';
import { api } from '../../../support/openapi';
import { startSurfaceApp, type SurfaceApp } from './surfaceApp';

/** A small OAuth-style endpoint: echoes its form, or fails as the `fail` field asks. */
function oauthTestRouter(): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/oauth' });
  router.post('/test', (ctx) => {
    const form = ctx.request.body as Record<string, string>;
    switch (form.fail) {
      case 'validation':
        throw validationError('invalid_body', [{ path: 'grant_type', message: 'is required' }]);
      case 'unauthenticated':
        throw unauthenticated('invalid_token', 'client authentication failed');
      case 'grant':
        throw new DomainError('validation', 'invalid_grant', 'the device code has expired');
      case 'unavailable':
        throw new DomainError('unavailable', 'database_unavailable', 'try again');
      case 'crash':
        throw new Error('secret internal detail');
      default:
        ctx.body = { received: form };
    }
  });
  return router;
}

const isOAuthErrorBody = (body: unknown): void => {
  expect(body).to.be.an('object');
  expect(Object.keys(body as object).sort()).to.deep.equal(['error', 'error_description']);
  expect((body as { error: unknown }).error).to.be.a('string');
  expect((body as { error_description: string }).error_description).to.match(/^[\x20-\x21\x23-\x5B\x5D-\x7E]*$/);
};

const noStore = (res: supertest.Response): void => {
  expect(res.headers['cache-control']).to.equal('no-store');
  expect(res.headers.pragma).to.equal('no-cache');
};

describe('HTTP surfaces: the OAuth form chain', () => {
  let t: SurfaceApp;

  before(async () => {
    t = await startSurfaceApp({ RATE_LIMIT_MAX: '1000' }, () => ({ oauth: [oauthTestRouter()] }));
  });
  after(async () => t?.close());

  const post = () => supertest(t.app.callback()).post('/oauth/test');

  it('reads a form body into flat strings and answers with no-store', async () => {
    const res = await post().type('form').send('grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&scope=a+b&a[b]=c&__proto__=x').expect(200);
    expect(res.body.received).to.deep.equal({
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      scope: 'a b',
      'a[b]': 'c',
      ['__proto__']: 'x',
    });
    noStore(res);
    expect(res.headers['x-request-id']).to.be.a('string');
  });

  it('answers a JSON body with 415 as an OAuth error body, with no-store', async () => {
    const res = await post().set('Content-Type', 'application/json').send('{"grant_type":"x"}').expect(415);
    isOAuthErrorBody(res.body);
    expect(res.body.error).to.equal('invalid_request');
    noStore(res);
  });

  it('refuses a parameter given twice with 400 invalid_request', async () => {
    const res = await post().type('form').send('scope=a&scope=b').expect(400);
    expect(res.body).to.deep.equal({ error: 'invalid_request', error_description: "the parameter 'scope' is given more than once" });
  });

  it('maps domain errors to OAuth codes, never the JSON envelope', async () => {
    const cases: Array<[string, number, string]> = [
      ['validation', 400, 'invalid_request'],
      ['unauthenticated', 401, 'invalid_client'],
      ['grant', 400, 'invalid_grant'],
      ['unavailable', 503, 'temporarily_unavailable'],
    ];
    for (const [fail, status, error] of cases) {
      const res = await post().type('form').send({ fail }).expect(status);
      isOAuthErrorBody(res.body);
      expect(res.body.error, fail).to.equal(error);
      if (status === 503) expect(res.headers['retry-after'], 'a 503 says when to come back').to.match(/^\d+$/);
      noStore(res);
    }
  });

  it('answers an unexpected failure with 500 server_error, without its details', async () => {
    const res = await post().type('form').send({ fail: 'crash' }).expect(500);
    isOAuthErrorBody(res.body);
    expect(res.body.error).to.equal('server_error');
    expect(res.body.error_description).not.to.contain('secret');
  });

  it('answers an unknown /oauth path with 404 and a known one with another method with 405, as OAuth errors', async () => {
    const missing = await supertest(t.app.callback()).post('/oauth/nothing').type('form').send('a=b').expect(404);
    isOAuthErrorBody(missing.body);
    noStore(missing);
    const wrongMethod = await supertest(t.app.callback()).get('/oauth/test').expect(405);
    isOAuthErrorBody(wrongMethod.body);
    expect(wrongMethod.headers.allow).to.contain('POST');
  });

  it('leaves the JSON API as it was: a form body there is a 415 in the JSON error body', async () => {
    await t.given.user('owner@example.com');
    const workspaceId = await t.given.workspace('owner@example.com');
    const { key } = await t.given.apiKey(workspaceId, 'owner@example.com', 'owner');
    const res = await api(t.app)
      .post(`/v1/workspaces/${workspaceId}/api-keys`)
      .set('Authorization', `Bearer ${key}`)
      .type('form')
      .send('role=viewer')
      .expect(415);
    expect(res.body.error).to.include({ type: 'UnsupportedMediaTypeError', code: 'unsupported_media_type' });
    expect(res.headers.pragma, "the form chain's no-cache stays with it").to.equal(undefined);
  });
});

describe('HTTP surfaces: the OAuth form chain rate limit', () => {
  let t: SurfaceApp;

  before(async () => {
    t = await startSurfaceApp({ RATE_LIMIT_MAX: '3' }, () => ({ oauth: [oauthTestRouter()] }));
  });
  after(async () => t?.close());

  it('counts per client address in its own bucket: 429 slow_down with Retry-After, the JSON API unaffected', async () => {
    const post = () => supertest(t.app.callback()).post('/oauth/test').type('form').send('a=b');
    for (let i = 0; i < 3; i++) await post().expect(200);
    const limited = await post().expect(429);
    isOAuthErrorBody(limited.body);
    expect(limited.body.error).to.equal('slow_down');
    expect(Number(limited.headers['retry-after'])).to.be.within(1, 60);
    noStore(limited);
    await api(t.app).get('/openapi.json').expect(200);
  });
});
