import { expect } from 'chai';
import { type InstagramConnector } from '../../../../adapters/outbound/platforms/instagram/InstagramConnector';
import { InstagramFake } from '../../../support/fakes/instagramFake';
import { connectorFor, grantFrom, NOW } from './instagramTestKit';

const REDIRECT = 'https://dispatch.example/connections/callback';

describe('Instagram connector: authorization against a local Instagram', () => {
  let fake: InstagramFake;
  let connector: InstagramConnector;

  beforeEach(async () => {
    fake = await InstagramFake.start();
    connector = connectorFor(fake);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  /** The owner agrees on Instagram's consent screen: the code it hands back. */
  const consent = () => fake.consent(connector.authorization.authorizationUrl({ state: 'st-1', codeChallenge: null, redirectUri: REDIRECT })).code;

  it('sends the owner to Instagram’s consent screen with the app id, the scopes and the state', () => {
    const url = new URL(connector.authorization.authorizationUrl({ state: 'st-1', codeChallenge: null, redirectUri: REDIRECT }));
    expect(url.origin + url.pathname).to.equal('https://www.instagram.com/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({
      client_id: fake.state.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'instagram_business_basic,instagram_business_content_publish,instagram_business_manage_comments,instagram_business_manage_insights',
      state: 'st-1',
    });
  });

  it('exchanges the code for a short-lived token, then for a long-lived one whose lifetime is Instagram’s expires_in', async () => {
    const code = consent();
    const result = await connector.authorization.exchangeCode({ code, codeVerifier: null, redirectUri: REDIRECT });
    if (!result.ok || result.grant.kind !== 'oauth2') throw new Error(JSON.stringify(result));
    expect(fake.state.kinds.get(result.grant.accessToken)).to.equal('long');
    expect(result.grant).to.deep.include({ refreshToken: null, refreshExpiresAt: null });
    expect(result.grant.accessExpiresAt?.toISOString()).to.equal(new Date(NOW.getTime() + 5_184_000_000).toISOString());
    expect(result.grant.scopes).to.deep.equal([
      'instagram_business_basic',
      'instagram_business_content_publish',
      'instagram_business_manage_comments',
      'instagram_business_manage_insights',
    ]);
    const form = fake.received.find((r) => r.path === '/oauth/access_token');
    expect(Object.fromEntries(new URLSearchParams(form?.body.toString()))).to.deep.equal({
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT,
      code,
      client_id: fake.state.clientId,
      client_secret: fake.state.clientSecret,
    });
    const exchange = fake.received.find((r) => r.path === '/access_token');
    expect(exchange?.query.get('grant_type')).to.equal('ig_exchange_token');
    expect(fake.state.kinds.get(exchange?.query.get('access_token') ?? '')).to.equal('short');
  });

  it('a code Instagram does not know: reconnect', async () => {
    const result = await connector.authorization.exchangeCode({ code: 'AQB-unknown', codeVerifier: null, redirectUri: REDIRECT });
    expect(!result.ok && result.failure).to.deep.equal({ kind: 'reconnect', reason: 'Instagram: Invalid authorization code' });
  });

  it('a wrong app secret: rejected (reconnecting would not help)', async () => {
    const result = await connectorFor(fake, { clientSecret: 'wrong' }).authorization.exchangeCode({
      code: consent(),
      codeVerifier: null,
      redirectUri: REDIRECT,
    });
    expect(!result.ok && result.failure).to.deep.equal({ kind: 'rejected', reason: 'Instagram: Error validating client secret.' });
  });

  it('identifies the professional account: user_id, username, name and picture; nothing to choose', async () => {
    const { identity, publishAs } = await connector.authorization.identify(grantFrom(fake.longLivedToken()));
    expect(identity).to.deep.equal({
      accountId: '17841405822304914',
      handle: 'ada.builds',
      displayName: 'Ada Lovelace',
      avatarUrl: 'https://media.example/ada.jpg',
    });
    expect(publishAs).to.equal(null);
    const call = fake.received.find((r) => r.path.endsWith('/me'));
    expect(call?.path).to.match(/^\/v\d+\.\d+\/me$/);
    expect(call?.query.get('fields')).to.equal('user_id,username,name,profile_picture_url');
  });
});
