import { expect } from 'chai';
import { type ThreadsConnector } from '../../../../adapters/outbound/platforms/threads/ThreadsConnector';
import { ThreadsFake } from '../../../support/fakes/threadsFake';
import { NOW, connectorFor, grantFrom } from './threadsTestKit';

const REDIRECT = 'https://dispatch.example/connections/callback/threads';

describe('Threads connector: authorization against a local Threads', () => {
  let fake: ThreadsFake;
  let connector: ThreadsConnector;

  beforeEach(async () => {
    fake = await ThreadsFake.start();
    connector = connectorFor(fake);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  const consentTo = (redirectUri = REDIRECT) => fake.consent(connector.authorization.authorizationUrl({ state: 'st', codeChallenge: null, redirectUri }));

  it('builds the authorize URL with the app id, comma separated scopes (replies read back among them) and no PKCE', () => {
    const url = new URL(connector.authorization.authorizationUrl({ state: 'st-1', codeChallenge: null, redirectUri: REDIRECT }));
    expect(connector.authorization.usesPkce).to.equal(false);
    expect(`${url.origin}${url.pathname}`).to.equal('https://threads.example/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({
      client_id: fake.state.clientId,
      redirect_uri: REDIRECT,
      scope: 'threads_basic,threads_content_publish,threads_manage_replies,threads_read_replies,threads_manage_insights',
      response_type: 'code',
      state: 'st-1',
    });
    const real = new URL(
      connectorFor(fake, { authBaseUrl: undefined, apiBaseUrl: undefined }).authorization.authorizationUrl({
        state: 's',
        codeChallenge: null,
        redirectUri: REDIRECT,
      }),
    );
    expect(`${real.origin}${real.pathname}`).to.equal('https://threads.net/oauth/authorize');
  });

  it('exchanges the code (form), then the short-lived token for a long-lived one; lifetimes from expires_in, no refresh token', async () => {
    fake.state.longLifetimeSeconds = 5_183_944;
    const { code } = consentTo();
    const result = await connector.authorization.exchangeCode({ code, codeVerifier: null, redirectUri: REDIRECT });
    if (!result.ok || result.grant.kind !== 'oauth2') throw new Error(`exchange failed: ${JSON.stringify(result)}`);
    const expiresAt = new Date(NOW.getTime() + 5_183_944_000).toISOString();
    expect(result.grant.accessExpiresAt?.toISOString()).to.equal(expiresAt);
    expect(result.grant.refreshExpiresAt?.toISOString()).to.equal(expiresAt);
    expect(result.grant.refreshToken).to.equal(null);
    expect(result.grant.scopes).to.deep.equal([
      'threads_basic',
      'threads_content_publish',
      'threads_manage_replies',
      'threads_read_replies',
      'threads_manage_insights',
    ]);
    expect(fake.state.lives.get(result.grant.accessToken)?.kind).to.equal('long');

    const [token, exchange] = fake.received;
    expect([token.method, token.path, exchange.method, exchange.path]).to.deep.equal(['POST', '/oauth/access_token', 'GET', '/access_token']);
    expect(token.headers['content-type']).to.match(/^application\/x-www-form-urlencoded/);
    expect(fake.paramsTo('/oauth/access_token')).to.deep.equal([
      { client_id: fake.state.clientId, client_secret: fake.state.clientSecret, code, grant_type: 'authorization_code', redirect_uri: REDIRECT },
    ]);
    const [exchanged] = fake.paramsTo('/access_token');
    expect(exchanged).to.deep.include({ grant_type: 'th_exchange_token', client_secret: fake.state.clientSecret });
    expect(fake.state.lives.get(exchanged.access_token)?.kind).to.equal('short');
  });

  it('says reconnect for a code Threads has already taken, rejected for a wrong redirect URI or app secret (reconnecting would not help)', async () => {
    const unknown = await connector.authorization.exchangeCode({ code: 'nope', codeVerifier: null, redirectUri: REDIRECT });
    expect(!unknown.ok && unknown.failure).to.deep.equal({ kind: 'reconnect', reason: 'Threads: This authorization code has been used. (#100/36009)' });
    const elsewhere = await connector.authorization.exchangeCode({ code: consentTo().code, codeVerifier: null, redirectUri: 'https://other.example/cb' });
    expect(!elsewhere.ok && elsewhere.failure.kind).to.equal('rejected');
    const misconfigured = connectorFor(fake, { clientSecret: 'wrong' });
    const refused = await misconfigured.authorization.exchangeCode({ code: consentTo().code, codeVerifier: null, redirectUri: REDIRECT });
    expect(!refused.ok && refused.failure).to.deep.equal({ kind: 'rejected', reason: 'Threads: Error validating client secret. (#101)' });
  });

  it('identifies the profile with GET /me; there is nothing to publish as but the profile', async () => {
    const grant = grantFrom(fake.longLivedToken());
    const { identity, publishAs } = await connector.authorization.identify(grant);
    expect(identity).to.deep.equal({
      accountId: '25079185008401234',
      handle: 'ada.lovelace',
      displayName: 'Ada Lovelace',
      avatarUrl: 'https://scontent.example/ada.jpg',
    });
    expect(publishAs).to.equal(null);
    expect(fake.paramsTo('/v1.0/me')).to.deep.equal([{ fields: 'id,username,name,threads_profile_picture_url', access_token: grant.accessToken }]);
  });
});
