import { expect } from 'chai';
import { type YouTubeConnector } from '../../../../adapters/outbound/platforms/youtube/YouTubeConnector';
import { YouTubeFake } from '../../../support/fakes/youtubeFake';
import { NOW, connectorFor, grantFrom } from './youtubeTestKit';

describe('YouTube connector: keeping a grant alive', () => {
  let fake: YouTubeFake;
  let connector: YouTubeConnector;

  beforeEach(async () => {
    fake = await YouTubeFake.start();
    connector = connectorFor(fake);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('renews an access token five minutes before its hour is up', () => {
    const grant = grantFrom(fake.tokens());
    expect(connector.tokens.needsRefresh(grant, NOW)).to.equal(false);
    expect(connector.tokens.needsRefresh(grant, new Date(NOW.getTime() + 56 * 60_000))).to.equal(true);
  });

  it('refreshes: a new access token, and the refresh token (Google sends none back) kept', async () => {
    const grant = grantFrom(fake.tokens());
    const result = await connector.tokens.refresh(grant);
    if (!result.ok || result.grant.kind !== 'oauth2') throw new Error(`expected a grant, got ${JSON.stringify(result)}`);
    expect(result.grant.accessToken).to.not.equal(grant.accessToken);
    expect(result.grant.refreshToken).to.equal(grant.refreshToken);
    expect(result.grant.accessExpiresAt).to.deep.equal(new Date(NOW.getTime() + 3599 * 1000));
    const form = new URLSearchParams(fake.received.find((r) => r.path === '/token')?.body.toString());
    expect(Object.fromEntries(form)).to.deep.equal({
      grant_type: 'refresh_token',
      refresh_token: grant.refreshToken,
      client_id: fake.state.clientId,
      client_secret: fake.state.clientSecret,
    });
  });

  it('invalid_grant (revoked, or seven days old while the app is in Testing): the connection needs its owner again', async () => {
    fake.answerNext('POST /token', { kind: 'invalidGrant' });
    const result = await connector.tokens.refresh(grantFrom(fake.tokens()));
    expect(result).to.deep.equal({ ok: false, failure: { kind: 'reconnect', reason: 'Google: Token has been expired or revoked. (invalid_grant)' } });
  });

  it('a 5xx from the token endpoint: retry later, the grant is fine', async () => {
    fake.answerNext('POST /token', { kind: 'serverError' });
    const result = await connector.tokens.refresh(grantFrom(fake.tokens()));
    expect(!result.ok && result.failure.kind).to.equal('retryLater');
  });

  it('revokes the grant at Google with its refresh token, once, after which refreshing fails for good', async () => {
    const grant = grantFrom(fake.tokens());
    await connector.tokens.revoke(grant);
    expect(fake.state.revoked).to.deep.equal([grant.refreshToken]);
    expect(fake.requestsTo('POST', '/revoke')).to.equal(1);
    const result = await connector.tokens.refresh(grant);
    expect(!result.ok && result.failure.kind).to.equal('reconnect');
  });
});
