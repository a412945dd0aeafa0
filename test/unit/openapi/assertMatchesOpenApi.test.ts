import { JSON_HEADERS } from '../../../adapters/inbound/http/chains/responseHeaders';
import { expect } from 'chai';
import Koa from 'koa';
import { api, assertMatchesOpenApi } from '../../support/openapi';

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8', ...JSON_HEADERS };
const unauthorized = {
  error: { type: 'UnauthorizedError', code: 'missing_credential', message: 'send a credential', details: [], requestId: 'req-1' },
};
const challenge = {
  'www-authenticate': 'Bearer realm="dispatch", resource_metadata="http://localhost/.well-known/oauth-protected-resource"',
  'ratelimit-limit': '600',
  'ratelimit-remaining': '599',
  'ratelimit-reset': '60',
};

describe('assertMatchesOpenApi', () => {
  it('accepts a documented error, ignoring the query string and the header case', () => {
    expect(() =>
      assertMatchesOpenApi('get', '/v1/workspaces/w1/connections?limit=5', 401, { ...JSON_TYPE, 'X-Request-ID': 'req-1', ...challenge }, unauthorized),
    ).to.not.throw();
  });

  it('fails on a status the operation does not document, listing the documented ones', () => {
    expect(() => assertMatchesOpenApi('GET', '/v1/me/workspaces', 409, { ...JSON_TYPE, 'x-request-id': 'r' }, unauthorized)).to.throw(
      /status 409 is not documented for me\.workspaces \(GET \/v1\/me\/workspaces\)[\s\S]*documented: 200, 401/,
    );
  });

  it('fails when a required header is absent', () => {
    expect(() => assertMatchesOpenApi('GET', '/v1/me', 401, { ...JSON_TYPE, 'x-request-id': 'req-1' }, unauthorized)).to.throw(
      /header WWW-Authenticate is required but absent/,
    );
  });

  it('fails when a header does not match its schema', () => {
    const headers = {
      ...JSON_TYPE,
      'x-request-id': 'req-1',
      'retry-after': 'soon',
      'ratelimit-limit': '10',
      'ratelimit-remaining': '0',
      'ratelimit-reset': '3',
    };
    const body = { error: { ...unauthorized.error, type: 'RateLimitedError', code: 'rate_limited' } };
    expect(() => assertMatchesOpenApi('GET', '/v1/me', 429, headers, body)).to.throw(/header Retry-After="soon" must be integer/);
  });

  it('fails when a documented JSON body comes as something else', () => {
    expect(() => assertMatchesOpenApi('GET', '/v1/me', 401, { 'content-type': 'text/plain', 'x-request-id': 'r', ...challenge }, 'Unauthorized')).to.throw(
      /should be application\/json/,
    );
  });

  it("accepts only the router's 404 for a path or method the document does not describe", () => {
    const notFound = { error: { ...unauthorized.error, type: 'NotFoundError', code: 'route_not_found' } };
    expect(() => assertMatchesOpenApi('GET', '/v1/nowhere', 404, JSON_TYPE, notFound)).to.not.throw();
    expect(() => assertMatchesOpenApi('PUT', '/v1/me', 404, JSON_TYPE, notFound)).to.not.throw();
    expect(() => assertMatchesOpenApi('GET', '/v1/nowhere', 200, JSON_TYPE, {})).to.throw(/not in the OpenAPI document/);
  });
});

describe('api(app)', () => {
  it("checks every response against the document, before the test's own assertions", async () => {
    const app = new Koa();
    app.use((ctx) => {
      ctx.set('X-Request-Id', 'req-1');
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { status: 'ok', time: new Date().toISOString(), checks: { database: 'ok' }, uptime: 3 };
    });
    let failure: unknown;
    await api(app)
      .get('/health')
      .expect(200)
      .catch((error: unknown) => {
        failure = error;
      });
    expect(String(failure)).to.match(/GET \/health → 200: the response does not match[\s\S]*\("uptime"\)[\s\S]*body:/);
  });
});
