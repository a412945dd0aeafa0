import { expect } from 'chai';
import { type PinterestConnector } from '../../../../adapters/outbound/platforms/pinterest/PinterestConnector';
import { PinterestFake } from '../../../support/fakes/pinterestFake';
import { NOW, SCOPES, connectorFor, grantFrom } from './pinterestTestKit';

const REDIRECT = 'https://dispatch.example/connections/callback/pinterest';
/** Where the connect flow sends the owner: the fake's consent reads the scopes asked for from it. */
const authorizeUrl = (connector: PinterestConnector) => connector.authorization.authorizationUrl({ state: 'st', codeChallenge: null, redirectUri: REDIRECT });

describe('Pinterest connector: authorization against a local Pinterest', () => {
  let fake: PinterestFake;
  let connector: PinterestConnector;

  beforeEach(async () => {
    fake = await PinterestFake.start();
    connector = connectorFor(fake);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('builds the authorize URL with comma-separated scopes and no PKCE', () => {
    const url = new URL(connector.authorization.authorizationUrl({ state: 'st-1', codeChallenge: null, redirectUri: REDIRECT }));
    expect(connector.authorization.usesPkce).to.equal(false);
    expect(`${url.origin}${url.pathname}`).to.equal(`${fake.baseUrl}/oauth/`);
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({
      client_id: fake.state.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'boards:read,boards:write,pins:read,pins:write,user_accounts:read',
      state: 'st-1',
    });
  });

  it('points at www.pinterest.com and api.pinterest.com by default', () => {
    const url = connectorFor(fake, { authBaseUrl: undefined }).authorization.authorizationUrl({ state: 's', codeChallenge: null, redirectUri: REDIRECT });
    expect(url.startsWith('https://www.pinterest.com/oauth/?')).to.equal(true);
  });

  it('exchanges the code with HTTP Basic client auth and a form body; lifetimes from expires_in and refresh_token_expires_in', async () => {
    fake.state.accessLifetimeSeconds = 2_592_000;
    fake.state.refreshLifetimeSeconds = 31_536_000;
    const { code } = fake.consent(authorizeUrl(connector));
    const result = await connector.authorization.exchangeCode({ code, codeVerifier: null, redirectUri: REDIRECT });
    if (!result.ok || result.grant.kind !== 'oauth2') throw new Error(`exchange failed: ${JSON.stringify(result)}`);
    expect(result.grant.accessExpiresAt?.toISOString()).to.equal(new Date(NOW.getTime() + 2_592_000_000).toISOString());
    expect(result.grant.refreshExpiresAt?.toISOString()).to.equal(new Date(NOW.getTime() + 31_536_000_000).toISOString());
    expect(result.grant.scopes).to.deep.equal(SCOPES);
    expect(fake.state.accessTokens.has(result.grant.accessToken)).to.equal(true);
    const sent = fake.received.find((r) => r.path === '/v5/oauth/token');
    const basic = Buffer.from(`${fake.state.clientId}:${fake.state.clientSecret}`).toString('base64');
    expect(sent?.headers.authorization).to.equal(`Basic ${basic}`);
    expect(sent?.headers['content-type']).to.match(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(sent?.body.toString()))).to.deep.equal({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      continuous_refresh: 'true',
    });
  });

  it('says reconnect for a code Pinterest does not know, rejected for a wrong client secret', async () => {
    const unknown = await connector.authorization.exchangeCode({ code: 'nope', codeVerifier: null, redirectUri: REDIRECT });
    expect(!unknown.ok && unknown.failure.kind).to.equal('reconnect');
    const misconfigured = connectorFor(fake, { clientSecret: 'wrong' });
    const refused = await misconfigured.authorization.exchangeCode({
      code: fake.consent(authorizeUrl(connector)).code,
      codeVerifier: null,
      redirectUri: REDIRECT,
    });
    expect(!refused.ok && refused.failure.kind).to.equal('rejected');
  });

  it('identifies the account and lists its boards to publish to, following the bookmark', async () => {
    fake.state.boards = [
      { id: '101', name: 'Engines' },
      { id: '102', name: 'Notes' },
      { id: '103', name: 'Looms' },
    ];
    fake.state.boardsPageSize = 2;
    const grant = grantFrom(fake.tokens());
    const { identity, publishAs } = await connector.authorization.identify(grant);
    expect(identity).to.deep.equal({
      accountId: '549755885175',
      handle: 'ada_pins',
      displayName: 'Ada Lovelace',
      avatarUrl: 'https://i.pinimg.com/600x600_R/ada.jpg',
    });
    expect(publishAs).to.deep.equal([
      { id: '101', kind: 'board', name: 'Engines' },
      { id: '102', kind: 'board', name: 'Notes' },
      { id: '103', kind: 'board', name: 'Looms' },
    ]);
    const calls = fake.received.filter((r) => r.path === '/v5/boards');
    expect(calls.map((r) => r.query.get('bookmark'))).to.deep.equal([null, 'bm-2']);
    expect(calls.every((r) => r.headers.authorization === `Bearer ${grant.accessToken}`)).to.equal(true);
  });

  it('an account without boards has nothing to publish to yet', async () => {
    fake.state.boards = [];
    const { publishAs } = await connector.authorization.identify(grantFrom(fake.tokens()));
    expect(publishAs).to.equal(null);
  });
});
