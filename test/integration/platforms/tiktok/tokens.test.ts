import { expect } from 'chai';
import { type TikTokConnector } from '../../../../adapters/outbound/platforms/tiktok/TikTokConnector';
import { TikTokFake } from '../../../support/fakes/tiktokFake';
import { NOW, connectorFor, grantFrom } from './tiktokTestKit';

describe('TikTok connector: keeping a grant alive', () => {
  let fake: TikTokFake;
  let connector: TikTokConnector;

  beforeEach(async () => {
    fake = await TikTokFake.start();
    connector = connectorFor(fake);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('refreshes ahead of expiry, not long before', () => {
    const grant = grantFrom(fake.tokens());
    expect(connector.tokens.needsRefresh(grant, NOW)).to.equal(false);
    expect(connector.tokens.needsRefresh({ ...grant, accessExpiresAt: new Date(NOW.getTime() + 5 * 60_000) }, NOW)).to.equal(true);
  });

  it('a refresh rotates the refresh token: the new one is kept, the old one no longer works', async () => {
    const grant = grantFrom(fake.tokens());
    const renewed = await connector.tokens.refresh(grant);
    if (!renewed.ok || renewed.grant.kind !== 'oauth2') throw new Error(`refresh failed: ${JSON.stringify(renewed)}`);
    expect(renewed.grant.accessToken).to.not.equal(grant.accessToken);
    expect(renewed.grant.refreshToken).to.not.equal(grant.refreshToken);
    expect(renewed.grant.accessExpiresAt?.toISOString()).to.equal(new Date(NOW.getTime() + 86_400_000).toISOString());
    expect(renewed.grant.refreshExpiresAt?.toISOString()).to.equal(new Date(NOW.getTime() + 31_536_000_000).toISOString());
    const sent = fake.received.find((r) => r.path === '/v2/oauth/token/');
    expect(Object.fromEntries(new URLSearchParams(sent?.body.toString()))).to.deep.equal({
      client_key: fake.state.clientKey,
      client_secret: fake.state.clientSecret,
      grant_type: 'refresh_token',
      refresh_token: grant.refreshToken,
    });
    const again = await connector.tokens.refresh(grant);
    expect(!again.ok && again.failure.kind).to.equal('reconnect');
  });

  it('an invalid refresh token: reconnect', async () => {
    const result = await connector.tokens.refresh({ ...grantFrom(fake.tokens()), refreshToken: 'rft.unknown' });
    expect(!result.ok && result.failure.kind).to.equal('reconnect');
  });

  it('an OAuth error TikTok answers with status 200 (invalid_grant): reconnect; a 200 saying nothing: retry later', async () => {
    fake.answerNext('POST /v2/oauth/token/', { kind: 'answer', answer: { status: 200, body: {} } });
    fake.answerNext('POST /v2/oauth/token/', {
      kind: 'answer',
      answer: { status: 200, body: { error: 'invalid_grant', error_description: 'Refresh token is invalid or expired.', log_id: 'x' } },
    });
    const grant = grantFrom(fake.tokens());
    const unclear = await connector.tokens.refresh(grant);
    expect(!unclear.ok && unclear.failure.kind).to.equal('retryLater');
    const dead = await connector.tokens.refresh(grant);
    expect(dead).to.deep.equal({ ok: false, failure: { kind: 'reconnect', reason: 'TikTok: Refresh token is invalid or expired. (invalid_grant)' } });
  });

  it('a 5xx or 429 from the token endpoint: retry later, never reconnect', async () => {
    const grant = grantFrom(fake.tokens());
    fake.answerNext('POST /v2/oauth/token/', { kind: 'serverError' });
    const failed = await connector.tokens.refresh(grant);
    expect(!failed.ok && failed.failure.kind).to.equal('retryLater');
    fake.answerNext('POST /v2/oauth/token/', { kind: 'rateLimited' });
    const limited = await connector.tokens.refresh(grant);
    expect(!limited.ok && limited.failure.kind).to.equal('retryLater');
  });

  it('revokes the access token with the client credentials in a form', async () => {
    const grant = grantFrom(fake.tokens());
    await connector.tokens.revoke(grant);
    expect(fake.state.revoked).to.deep.equal([grant.accessToken]);
    const sent = fake.received.find((r) => r.path === '/v2/oauth/revoke/');
    expect(Object.fromEntries(new URLSearchParams(sent?.body.toString()))).to.deep.equal({
      client_key: fake.state.clientKey,
      client_secret: fake.state.clientSecret,
      token: grant.accessToken,
    });
  });
});
