import { expect } from 'chai';
import { DocumentedApi } from '../../support/fakes/kit/documentedApi';
import { type SeenRequest } from '../../support/fakes/kit/RequestChecker';

const PAGE = 'https://developers.example/docs/feed';
const api = new DocumentedApi(
  'Example Graph API (its documentation)',
  [
    {
      id: 'page.feed.create',
      method: 'POST',
      path: '/{page-id}/feed',
      page: PAGE,
      params: 'form',
      required: ['message'],
      allowed: ['message', 'link', 'published'],
      values: { published: ['true', 'false'] },
      auth: 'access_token',
      scopes: ['pages_manage_posts'],
    },
  ],
  '/v25.0',
);

const request = (form: Record<string, string>, path = '/v25.0/123/feed'): SeenRequest => ({
  method: 'POST',
  path,
  query: new URLSearchParams(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: Buffer.from(new URLSearchParams(form).toString()),
});

describe('DocumentedApi: a fake held to the table taken from a platform’s documentation', () => {
  it('passes a request the page allows', () => {
    expect(api.check(request({ message: 'hi', access_token: 't', published: 'true' }), ['pages_manage_posts'])).to.deep.equal({
      operation: 'page.feed.create',
      violations: [],
    });
  });

  it('names the operation, the field and the rule (with the page) of what the page does not allow', () => {
    const { violations } = api.check(request({ mesage: 'typo', published: 'yes' }), ['pages_read_engagement']);
    expect(violations.map((v) => `${v.operation}: ${v.field}: ${v.rule}`)).to.deep.equal([
      `page.feed.create: message: required, and missing (${PAGE})`,
      `page.feed.create: mesage: not documented for this endpoint (${PAGE})`,
      `page.feed.create: published: must be one of true, false; got yes (${PAGE})`,
      `page.feed.create: credentials: the page asks for an access_token (${PAGE})`,
    ]);
    expect(api.check(request({ message: 'hi', access_token: 't' }), ['pages_read_engagement']).violations[0]?.rule).to.match(/needs one of pages_manage_posts/);
  });

  it('an endpoint the documentation does not have is a violation', () => {
    expect(api.check(request({ message: 'hi' }, '/v25.0/123/feeds'), null)).to.deep.equal({
      operation: null,
      violations: [{ operation: 'POST /v25.0/123/feeds', field: 'operation', rule: 'Example Graph API (its documentation) documents no such endpoint' }],
    });
  });
});
