import { expect } from 'chai';
import { createHash, randomBytes } from 'node:crypto';
import { type YouTubeConnector } from '../../../../adapters/outbound/platforms/youtube/YouTubeConnector';
import { YouTubeFake } from '../../../support/fakes/youtubeFake';
import { ALL_SCOPES } from '../../../support/fakes/youtubeFakeState';
import { NOW, connectorFor, grantFrom } from './youtubeTestKit';

const REDIRECT = 'https://dispatch.example/connections/callback';
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

describe('YouTube connector: connecting through Google', () => {
  let fake: YouTubeFake;
  let connector: YouTubeConnector;

  beforeEach(async () => {
    fake = await YouTubeFake.start();
    connector = connectorFor(fake);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  /** Google's consent screen agreeing to the connector's own authorization URL. */
  const consentWith = (verifier: string) =>
    fake.consent(connector.authorization.authorizationUrl({ state: 'state-1', codeChallenge: s256(verifier), redirectUri: REDIRECT })).code;

  it('sends the person to Google’s consent screen for an offline grant with PKCE (S256) and the three YouTube scopes', () => {
    const url = new URL(connector.authorization.authorizationUrl({ state: 'state-1', codeChallenge: 'challenge-1', redirectUri: REDIRECT }));
    expect(connector.authorization.usesPkce).to.equal(true);
    expect(`${url.origin}${url.pathname}`).to.equal('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({
      client_id: fake.state.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: ALL_SCOPES.join(' '),
      access_type: 'offline',
      prompt: 'consent',
      state: 'state-1',
      code_challenge: 'challenge-1',
      code_challenge_method: 'S256',
    });
  });

  it('exchanges the code with its verifier for an hour-long access token and a refresh token', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const result = await connector.authorization.exchangeCode({ code: consentWith(verifier), codeVerifier: verifier, redirectUri: REDIRECT });
    if (!result.ok || result.grant.kind !== 'oauth2') throw new Error(`expected a grant, got ${JSON.stringify(result)}`);
    expect(result.grant.refreshToken).to.match(/^1\/\/refresh-/);
    expect(result.grant.accessExpiresAt).to.deep.equal(new Date(NOW.getTime() + 3599 * 1000));
    expect(result.grant.refreshExpiresAt).to.equal(null);
    expect(result.grant.scopes).to.deep.equal(ALL_SCOPES);
    const form = new URLSearchParams(fake.received.find((r) => r.path === '/token')?.body.toString());
    expect(form.get('client_secret')).to.equal(fake.state.clientSecret);
    expect(form.get('code_verifier')).to.equal(verifier);
  });

  it('a wrong verifier: Google answers invalid_grant, and the person connects again', async () => {
    const code = consentWith('the-right-verifier');
    const result = await connector.authorization.exchangeCode({ code, codeVerifier: 'another-verifier', redirectUri: REDIRECT });
    expect(result).to.deep.equal({ ok: false, failure: { kind: 'reconnect', reason: 'Google: Invalid code verifier. (invalid_grant)' } });
  });

  it('a wrong client secret: rejected (the operator’s configuration), not a reconnect', async () => {
    const verifier = 'a-verifier-for-a-misconfigured-app';
    const misconfigured = connectorFor(fake, { clientSecret: 'wrong' });
    const result = await misconfigured.authorization.exchangeCode({ code: consentWith(verifier), codeVerifier: verifier, redirectUri: REDIRECT });
    expect(result).to.deep.equal({ ok: false, failure: { kind: 'rejected', reason: 'Google: Unauthorized (invalid_client)' } });
  });

  it('identifies the grant by its channel (handle, title, picture); one channel offers nothing to choose', async () => {
    const { identity, publishAs } = await connector.authorization.identify(grantFrom(fake.tokens()));
    expect(identity).to.deep.equal({
      accountId: 'UCdispatch0000000000000a',
      handle: '@dispatchdemo',
      displayName: 'Dispatch Demo',
      avatarUrl: 'https://yt3.ggpht.com/UCdispatch0000000000000a=s88',
    });
    expect(publishAs).to.equal(null);
    const sent = fake.received.find((r) => r.path === '/youtube/v3/channels');
    expect(sent?.query.get('mine')).to.equal('true');
  });

  it('offers each channel as a channel to publish as when Google lists several', async () => {
    fake.state.channels.push({ id: 'UCbrand00000000000000000b', title: 'Dispatch Brand', customUrl: '@dispatchbrand' });
    const { publishAs } = await connector.authorization.identify(grantFrom(fake.tokens()));
    expect(publishAs).to.deep.equal([
      { id: 'UCdispatch0000000000000a', kind: 'channel', name: 'Dispatch Demo' },
      { id: 'UCbrand00000000000000000b', kind: 'channel', name: 'Dispatch Brand' },
    ]);
  });
});
