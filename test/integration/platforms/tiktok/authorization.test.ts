import { expect } from 'chai';
import { type TikTokConnector } from '../../../../adapters/outbound/platforms/tiktok/TikTokConnector';
import { TikTokFake } from '../../../support/fakes/tiktokFake';
import { NOW, connectorFor, grantFrom } from './tiktokTestKit';

const REDIRECT = 'https://dispatch.example/connections/callback/tiktok';

describe('TikTok connector: authorization against a local TikTok', () => {
  let fake: TikTokFake;
  let connector: TikTokConnector;

  beforeEach(async () => {
    fake = await TikTokFake.start();
    connector = connectorFor(fake);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  /** TikTok's consent screen agreeing to the connector's own authorize URL. */
  const consent = () => fake.consent(connector.authorization.authorizationUrl({ state: 'st-1', codeChallenge: null, redirectUri: REDIRECT })).code;

  it('builds the authorize URL with client_key, comma separated scopes and no PKCE (a web app)', () => {
    const url = new URL(connector.authorization.authorizationUrl({ state: 'st-1', codeChallenge: null, redirectUri: REDIRECT }));
    expect(connector.authorization.usesPkce).to.equal(false);
    expect(`${url.origin}${url.pathname}`).to.equal(`${fake.baseUrl}/v2/auth/authorize/`);
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({
      client_key: fake.state.clientKey,
      response_type: 'code',
      scope: 'user.info.basic,user.info.profile,video.publish',
      redirect_uri: REDIRECT,
      state: 'st-1',
    });
  });

  it('exchanges the code with a form body and takes both lifetimes from expires_in and refresh_expires_in', async () => {
    fake.state.accessLifetimeSeconds = 7200;
    fake.state.refreshLifetimeSeconds = 15_552_000;
    const code = consent();
    const result = await connector.authorization.exchangeCode({ code, codeVerifier: null, redirectUri: REDIRECT });
    if (!result.ok || result.grant.kind !== 'oauth2') throw new Error(`exchange failed: ${JSON.stringify(result)}`);
    expect(result.grant.accessExpiresAt?.toISOString()).to.equal(new Date(NOW.getTime() + 7200_000).toISOString());
    expect(result.grant.refreshExpiresAt?.toISOString()).to.equal(new Date(NOW.getTime() + 15_552_000_000).toISOString());
    expect(result.grant.scopes).to.deep.equal(['user.info.basic', 'user.info.profile', 'video.publish']);
    expect(fake.state.accessTokens.has(result.grant.accessToken)).to.equal(true);
    const sent = fake.received.find((r) => r.path === '/v2/oauth/token/');
    expect(sent?.headers['content-type']).to.match(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(sent?.body.toString()))).to.deep.equal({
      client_key: fake.state.clientKey,
      client_secret: fake.state.clientSecret,
      code,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT,
    });
  });

  it('says reconnect for a code TikTok does not know, rejected for a wrong client secret', async () => {
    const unknown = await connector.authorization.exchangeCode({ code: 'nope', codeVerifier: null, redirectUri: REDIRECT });
    expect(!unknown.ok && unknown.failure.kind).to.equal('reconnect');
    const misconfigured = connectorFor(fake, { clientSecret: 'wrong' });
    const refused = await misconfigured.authorization.exchangeCode({ code: consent(), codeVerifier: null, redirectUri: REDIRECT });
    expect(!refused.ok && refused.failure.kind).to.equal('rejected');
  });

  it('identifies the creator by open_id, with username, display name and avatar; nothing else to publish as', async () => {
    const grant = grantFrom(fake.tokens());
    const { identity, publishAs } = await connector.authorization.identify(grant);
    expect(identity).to.deep.equal({ accountId: 'open-7Qz', handle: 'ada.codes', displayName: 'Ada', avatarUrl: 'https://p16.tiktokcdn.example/ada.jpeg' });
    expect(publishAs).to.equal(null);
    const sent = fake.received.find((r) => r.path === '/v2/user/info/');
    expect(sent?.method).to.equal('GET');
    expect(sent?.headers.authorization).to.equal(`Bearer ${grant.accessToken}`);
    expect(sent?.query.get('fields')).to.equal('open_id,union_id,avatar_url,display_name,username');
  });
});
