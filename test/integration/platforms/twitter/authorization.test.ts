import { expect } from 'chai';
import { type TwitterConnector } from '../../../../adapters/outbound/platforms/twitter/TwitterConnector';
import { TwitterFake } from '../../../support/fakes/twitterFake';
import { NOW, connectorFor, grantFrom, pkcePair } from './twitterTestKit';

const REDIRECT = 'https://dispatch.example/connections/callback/twitter';
const basicOf = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe('Twitter connector: authorization against a local X', () => {
  let fake: TwitterFake;
  let connector: TwitterConnector;

  beforeEach(async () => {
    fake = await TwitterFake.start();
    connector = connectorFor(fake);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('builds the authorize URL with the code flow, the scopes and an S256 PKCE challenge', () => {
    const { challenge } = pkcePair();
    const url = new URL(connector.authorization.authorizationUrl({ state: 'st-1', codeChallenge: challenge, redirectUri: REDIRECT }));
    expect(connector.authorization.usesPkce).to.equal(true);
    expect(`${url.origin}${url.pathname}`).to.equal(`${fake.baseUrl}/i/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({
      response_type: 'code',
      client_id: fake.state.clientId,
      redirect_uri: REDIRECT,
      scope: 'tweet.read tweet.write users.read offline.access media.write',
      state: 'st-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const real = new URL(
      connectorFor(fake, { authBaseUrl: undefined }).authorization.authorizationUrl({ state: 's', codeChallenge: challenge, redirectUri: REDIRECT }),
    );
    expect(`${real.origin}${real.pathname}`).to.equal('https://x.com/i/oauth2/authorize');
  });

  it('refuses to build an authorize URL without a challenge (X requires PKCE)', () => {
    expect(() => connector.authorization.authorizationUrl({ state: 's', codeChallenge: null, redirectUri: REDIRECT })).to.throw(/PKCE/);
  });

  it('exchanges the code with its verifier, Basic client auth and a form body; lifetimes from expires_in', async () => {
    const { verifier, challenge } = pkcePair();
    const { code } = fake.consent(connector.authorization.authorizationUrl({ state: 'st', codeChallenge: challenge, redirectUri: REDIRECT }));
    const result = await connector.authorization.exchangeCode({ code, codeVerifier: verifier, redirectUri: REDIRECT });
    if (!result.ok || result.grant.kind !== 'oauth2') throw new Error(`exchange failed: ${JSON.stringify(result)}`);
    expect(result.grant.accessExpiresAt?.toISOString()).to.equal(new Date(NOW.getTime() + 7_200_000).toISOString());
    expect(result.grant.refreshExpiresAt).to.equal(null);
    expect(result.grant.refreshToken).to.be.a('string');
    expect(result.grant.scopes).to.deep.equal(['tweet.read', 'tweet.write', 'users.read', 'offline.access', 'media.write']);
    expect(fake.state.accessTokens.has(result.grant.accessToken)).to.equal(true);
    const sent = fake.received.find((r) => r.path === '/2/oauth2/token');
    expect(sent?.headers.authorization).to.equal(basicOf(fake.state.clientId, fake.state.clientSecret));
    expect(sent?.headers['content-type']).to.match(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(sent?.body.toString()))).to.deep.equal({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
  });

  it('a verifier that does not match the challenge is refused; a code is good once (then reconnect)', async () => {
    const { verifier, challenge } = pkcePair();
    const { code } = fake.consent(connector.authorization.authorizationUrl({ state: 'st', codeChallenge: challenge, redirectUri: REDIRECT }));
    const wrong = await connector.authorization.exchangeCode({ code, codeVerifier: pkcePair().verifier, redirectUri: REDIRECT });
    expect(wrong.ok).to.equal(false);
    const right = await connector.authorization.exchangeCode({ code, codeVerifier: verifier, redirectUri: REDIRECT });
    expect(right.ok).to.equal(true);
    const again = await connector.authorization.exchangeCode({ code, codeVerifier: verifier, redirectUri: REDIRECT });
    expect(!again.ok && again.failure.kind).to.equal('reconnect');
  });

  it('a wrong client secret: rejected (reconnecting would not help)', async () => {
    const { verifier, challenge } = pkcePair();
    const { code } = fake.consent(connector.authorization.authorizationUrl({ state: 'st', codeChallenge: challenge, redirectUri: REDIRECT }));
    const refused = await connectorFor(fake, { clientSecret: 'wrong' }).authorization.exchangeCode({ code, codeVerifier: verifier, redirectUri: REDIRECT });
    expect(!refused.ok && refused.failure.kind).to.equal('rejected');
  });

  it('identifies the account from /2/users/me: the username is the handle; nothing to choose', async () => {
    const grant = grantFrom(fake.tokens());
    const { identity, publishAs } = await connector.authorization.identify(grant);
    expect(identity).to.deep.equal({
      accountId: fake.state.user.id,
      handle: 'ada_dispatch',
      displayName: 'Ada Lovelace',
      avatarUrl: 'https://pbs.example/ada.jpg',
    });
    expect(publishAs).to.equal(null);
    const sent = fake.received.find((r) => r.path === '/2/users/me');
    expect(sent?.headers.authorization).to.equal(`Bearer ${grant.accessToken}`);
  });
});
