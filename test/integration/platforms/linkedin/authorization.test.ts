import { expect } from 'chai';
import { type LinkedInConnector } from '../../../../adapters/outbound/platforms/linkedin/LinkedInConnector';
import { LinkedInFake } from '../../../support/fakes/linkedinFake';
import { NOW, connectorFor, grantFrom } from './linkedinTestKit';

const REDIRECT = 'https://dispatch.example/connections/callback/linkedin';

describe('LinkedIn connector: authorization against a local LinkedIn', () => {
  let fake: LinkedInFake;
  let connector: LinkedInConnector;

  beforeEach(async () => {
    fake = await LinkedInFake.start();
    connector = connectorFor(fake);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('builds the authorize URL with the code flow parameters and no PKCE', () => {
    const url = new URL(connector.authorization.authorizationUrl({ state: 'st-1', codeChallenge: null, redirectUri: REDIRECT }));
    expect(connector.authorization.usesPkce).to.equal(false);
    expect(`${url.origin}${url.pathname}`).to.equal(`${fake.baseUrl}/oauth/v2/authorization`);
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({
      response_type: 'code',
      client_id: fake.state.clientId,
      redirect_uri: REDIRECT,
      state: 'st-1',
      scope: 'openid profile w_member_social',
    });
  });

  it('asks for the organization scopes when told to, reading their posts back among them (r_organization_social)', () => {
    const url = new URL(connectorFor(fake, { organizations: true }).authorization.authorizationUrl({ state: 's', codeChallenge: null, redirectUri: REDIRECT }));
    expect(url.searchParams.get('scope')).to.equal('openid profile w_member_social w_organization_social rw_organization_admin r_organization_social');
  });

  it('exchanges the code with a form body and takes the lifetimes from expires_in', async () => {
    fake.state.accessLifetimeSeconds = 3600;
    fake.state.refreshLifetimeSeconds = 7200;
    const { code } = fake.consent(connector.authorization.authorizationUrl({ state: 'st', codeChallenge: null, redirectUri: REDIRECT }));
    const result = await connector.authorization.exchangeCode({ code, codeVerifier: null, redirectUri: REDIRECT });
    if (!result.ok || result.grant.kind !== 'oauth2') throw new Error(`exchange failed: ${JSON.stringify(result)}`);
    expect(result.grant.accessExpiresAt?.toISOString()).to.equal(new Date(NOW.getTime() + 3600_000).toISOString());
    expect(result.grant.refreshExpiresAt?.toISOString()).to.equal(new Date(NOW.getTime() + 7200_000).toISOString());
    expect(result.grant.scopes).to.deep.equal(['openid', 'profile', 'w_member_social']);
    expect(fake.state.accessTokens.has(result.grant.accessToken)).to.equal(true);
    const sent = fake.received.find((r) => r.path === '/oauth/v2/accessToken');
    expect(sent?.headers['content-type']).to.match(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(sent?.body.toString()))).to.deep.equal({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: fake.state.clientId,
      client_secret: fake.state.clientSecret,
    });
  });

  it('says reconnect for a code LinkedIn does not know, rejected for a wrong client secret', async () => {
    const unknown = await connector.authorization.exchangeCode({ code: 'nope', codeVerifier: null, redirectUri: REDIRECT });
    expect(unknown).to.deep.include({ ok: false });
    expect(!unknown.ok && unknown.failure.kind).to.equal('reconnect');
    const misconfigured = connectorFor(fake, { clientSecret: 'wrong' });
    const { code } = fake.consent(connector.authorization.authorizationUrl({ state: 'st', codeChallenge: null, redirectUri: REDIRECT }));
    const refused = await misconfigured.authorization.exchangeCode({ code, codeVerifier: null, redirectUri: REDIRECT });
    expect(!refused.ok && refused.failure.kind).to.equal('rejected');
  });

  it('identifies the member; without the organization scope there is nothing to choose', async () => {
    const { identity, publishAs } = await connector.authorization.identify(grantFrom(fake.tokens()));
    expect(identity).to.deep.equal({ accountId: 'm-4Xa9', handle: 'Ada Lovelace', displayName: 'Ada Lovelace', avatarUrl: 'https://media.example/ada.jpg' });
    expect(publishAs).to.equal(null);
    expect(fake.requestsTo('GET', '/rest/organizationAcls')).to.equal(0);
  });

  it('lists the organizations the member may post organic content as, with their names (not a sponsored-content poster’s: review finding 2)', async () => {
    fake.state.organizations = [
      { id: '2414183', name: 'Analytical Engines Ltd', role: 'ADMINISTRATOR' },
      { id: '5590506', name: 'Difference Society', role: 'CONTENT_ADMINISTRATOR' },
      { id: '7777777', name: 'Only Analyst', role: 'ANALYST' },
      { id: '8888888', name: 'Ads Only', role: 'DIRECT_SPONSORED_CONTENT_POSTER' },
    ];
    const scopes = ['openid', 'profile', 'w_member_social', 'w_organization_social', 'rw_organization_admin'];
    const { publishAs } = await connector.authorization.identify(grantFrom(fake.tokens(scopes), scopes));
    expect(publishAs).to.deep.equal([
      { id: '2414183', kind: 'organization', name: 'Analytical Engines Ltd' },
      { id: '5590506', kind: 'organization', name: 'Difference Society' },
    ]);
    const acl = fake.received.find((r) => r.path === '/rest/organizationAcls');
    expect(acl?.headers['linkedin-version']).to.match(/^\d{6}$/);
    expect(acl?.headers['x-restli-protocol-version']).to.equal('2.0.0');
  });

  it('reads every page of the member’s organization roles (review finding 5)', async () => {
    fake.state.aclPageSize = 2;
    fake.state.organizations = ['1', '2', '3', '4', '5'].map((n) => ({ id: `24141${n}`, name: `Engine ${n}`, role: 'ADMINISTRATOR' }));
    const scopes = ['openid', 'profile', 'w_member_social', 'w_organization_social', 'rw_organization_admin'];
    const { publishAs } = await connector.authorization.identify(grantFrom(fake.tokens(scopes), scopes));
    expect(publishAs?.map((o) => o.name)).to.deep.equal(['Engine 1', 'Engine 2', 'Engine 3', 'Engine 4', 'Engine 5']);
    const starts = fake.received.filter((r) => r.path === '/rest/organizationAcls').map((r) => r.query.get('start'));
    expect(starts).to.deep.equal(['0', '2', '4']);
  });
});
