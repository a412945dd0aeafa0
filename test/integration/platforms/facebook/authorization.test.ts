import { expect } from 'chai';
import { type FacebookConnector } from '../../../../adapters/outbound/platforms/facebook/FacebookConnector';
import { FacebookFake } from '../../../support/fakes/facebookFake';
import { connectedGrant, connectorFor, LOGIN_BASE, NOW, PAGE_ID } from './facebookTestKit';

const REDIRECT = 'https://dispatch.example/connections/callback';

describe('Facebook connector: Facebook Login against a local Graph API', () => {
  let fake: FacebookFake;
  let connector: FacebookConnector;

  beforeEach(async () => {
    fake = await FacebookFake.start();
    connector = connectorFor(fake);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  /** The person agrees on the Login dialog the connector sends them to: the code it hands back. */
  const consent = () => fake.consent(connector.authorization.authorizationUrl({ state: 'st-1', codeChallenge: null, redirectUri: REDIRECT })).code;

  it('sends the person to the versioned Login dialog with the Pages scopes (commenting included), comma separated, and no PKCE', () => {
    const authorization = connector.authorization;
    const url = new URL(authorization.authorizationUrl({ state: 'st-1', codeChallenge: null, redirectUri: REDIRECT }));
    expect(authorization.usesPkce).to.equal(false);
    expect(`${url.origin}${url.pathname}`).to.equal(`${LOGIN_BASE}/dialog/oauth`);
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({
      client_id: fake.state.clientId,
      redirect_uri: REDIRECT,
      state: 'st-1',
      response_type: 'code',
      scope: 'pages_show_list,pages_manage_posts,pages_read_engagement,pages_manage_engagement,read_insights',
    });
  });

  it('exchanges the code for a short-lived token, then that for a long-lived one (no refresh token, its own expires_in)', async () => {
    const result = await connector.authorization.exchangeCode({ code: consent(), codeVerifier: null, redirectUri: REDIRECT });
    if (!result.ok || result.grant.kind !== 'oauth2') throw new Error(`expected a grant, got ${JSON.stringify(result)}`);
    const { grant } = result;
    expect(fake.state.longLived.has(grant.accessToken)).to.equal(true);
    expect(grant.refreshToken).to.equal(null);
    expect(grant.accessExpiresAt?.getTime()).to.equal(NOW.getTime() + fake.state.longLivedSeconds * 1000);
    expect(grant.scopes).to.have.members([
      'public_profile',
      'pages_show_list',
      'pages_manage_posts',
      'pages_read_engagement',
      'pages_manage_engagement',
      'read_insights',
    ]);
    const exchanges = fake.received.filter((r) => r.path.endsWith('/oauth/access_token'));
    expect(exchanges.map((r) => r.query.get('grant_type'))).to.deep.equal([null, 'fb_exchange_token']);
    expect(exchanges[0]!.query.get('redirect_uri')).to.equal(REDIRECT);
    expect(exchanges[1]!.query.get('client_secret')).to.equal(fake.state.clientSecret);
  });

  it('a person who declined pages_manage_posts must connect again, allowing it', async () => {
    fake.state.declined = ['pages_manage_posts'];
    const result = await connector.authorization.exchangeCode({ code: consent(), codeVerifier: null, redirectUri: REDIRECT });
    expect(result).to.deep.equal({
      ok: false,
      failure: { kind: 'reconnect', reason: 'Facebook: pages_manage_posts not granted; connect again and allow them' },
    });
  });

  it('a person who declined only commenting is connected (a comment asks for it when one is made)', async () => {
    fake.state.declined = ['pages_manage_engagement'];
    const result = await connector.authorization.exchangeCode({ code: consent(), codeVerifier: null, redirectUri: REDIRECT });
    if (!result.ok || result.grant.kind !== 'oauth2') throw new Error(JSON.stringify(result));
    expect(result.grant.scopes).not.to.include('pages_manage_engagement');
  });

  it('an expired or unknown code: connect again', async () => {
    const result = await connector.authorization.exchangeCode({ code: 'AQDstale', codeVerifier: null, redirectUri: REDIRECT });
    expect(result).to.deep.equal({ ok: false, failure: { kind: 'reconnect', reason: 'Facebook: This authorization code has expired. (#100/36007)' } });
  });

  it('a wrong app secret is rejected (reconnecting would not help)', async () => {
    const misconfigured = connectorFor(fake, { clientSecret: 'wrong' });
    const result = await misconfigured.authorization.exchangeCode({ code: consent(), codeVerifier: null, redirectUri: REDIRECT });
    expect(result).to.deep.equal({ ok: false, failure: { kind: 'rejected', reason: 'Facebook: Error validating client secret. (#1)' } });
  });

  it('identifies the person and lists the Pages they may publish to, as pages', async () => {
    const { identity, publishAs } = await connector.authorization.identify(connectedGrant(fake));
    expect(identity).to.deep.equal({
      accountId: fake.state.user.id,
      handle: 'Ada Lovelace',
      displayName: 'Ada Lovelace',
      avatarUrl: fake.state.user.picture,
    });
    // The Page where the person only reads insights is not offered.
    expect(publishAs).to.deep.equal([{ id: PAGE_ID, kind: 'page', name: 'Dispatch Café' }]);
    const listing = fake.received.find((r) => r.path.endsWith('/me/accounts'));
    expect(listing?.query.get('fields')).to.equal('id,name,tasks');
  });

  it('a person with no Page to publish to: no choices', async () => {
    fake.state.pages = [];
    const { publishAs } = await connector.authorization.identify(connectedGrant(fake));
    expect(publishAs).to.equal(null);
  });
});
