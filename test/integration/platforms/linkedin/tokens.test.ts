import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import { expect } from 'chai';
import { type LinkedInConnector } from '../../../../adapters/outbound/platforms/linkedin/LinkedInConnector';
import { LinkedInFake } from '../../../support/fakes/linkedinFake';
import { NO_MEDIA, NOW, connectorFor, grantFrom, segment } from './linkedinTestKit';

const HOUR = 3_600_000;

describe('LinkedIn connector: token upkeep against a local LinkedIn', () => {
  let fake: LinkedInFake;
  let connector: LinkedInConnector;

  beforeEach(async () => {
    fake = await LinkedInFake.start();
    connector = connectorFor(fake);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('renews a day ahead of the access token’s expiry (LinkedIn’s tokens live 60 days), never without a refresh token', () => {
    const grant = grantFrom(fake.tokens());
    const expiringIn = (hours: number) => ({ ...grant, accessExpiresAt: new Date(NOW.getTime() + hours * HOUR) });
    expect([72, 25, 23, 1].map((hours) => connector.tokens.needsRefresh(expiringIn(hours), NOW))).to.deep.equal([false, false, true, true]);
    expect(connector.tokens.needsRefresh({ ...expiringIn(1), refreshToken: null }, NOW), 'a member app LinkedIn gives no refresh token').to.equal(false);
  });

  it('an expired access token: refreshed with the form LinkedIn documents, then the post goes out', async () => {
    fake.state.accessLifetimeSeconds = 5_184_000;
    const grant = grantFrom(fake.tokens());
    fake.expire(grant.accessToken);
    const refused = await connector.publisher.publish(segment(), grant, NO_MEDIA, UNNAMED_ACCOUNT);
    expect(refused).to.deep.include({ kind: 'needsReconnect', statusCode: 401 });

    const renewed = await connector.tokens.refresh(grant);
    if (!renewed.ok || renewed.grant.kind !== 'oauth2') throw new Error(`refresh failed: ${JSON.stringify(renewed)}`);
    expect(renewed.grant.accessToken).to.not.equal(grant.accessToken);
    expect(renewed.grant.refreshToken).to.equal(grant.refreshToken);
    expect(renewed.grant.accessExpiresAt?.toISOString()).to.equal(new Date(NOW.getTime() + 5_184_000_000).toISOString());
    const form = fake.received.find((r) => r.path === '/oauth/v2/accessToken');
    expect(Object.fromEntries(new URLSearchParams(form?.body.toString()))).to.deep.equal({
      grant_type: 'refresh_token',
      refresh_token: grant.refreshToken,
      client_id: fake.state.clientId,
      client_secret: fake.state.clientSecret,
    });

    const outcome = await connector.publisher.publish(segment(), renewed.grant, NO_MEDIA, UNNAMED_ACCOUNT);
    expect(outcome.kind).to.equal('published');
  });

  it('a dead refresh token (invalid_grant): reconnect', async () => {
    const grant = { ...grantFrom(fake.tokens()), refreshToken: 'AQX-unknown' };
    const result = await connector.tokens.refresh(grant);
    expect(!result.ok && result.failure.kind).to.equal('reconnect');
  });

  it('a 5xx or 429 from the token endpoint: retry later, never reconnect', async () => {
    const grant = grantFrom(fake.tokens());
    fake.answerNext('POST /oauth/v2/accessToken', { kind: 'serverError' });
    const failed = await connector.tokens.refresh(grant);
    expect(!failed.ok && failed.failure.kind).to.equal('retryLater');
    fake.answerNext('POST /oauth/v2/accessToken', { kind: 'rateLimited', retryAfterSeconds: 120 });
    const limited = await connector.tokens.refresh(grant);
    expect(!limited.ok && limited.failure).to.deep.include({ kind: 'retryLater', afterSeconds: 120 });
  });

  it('a wrong client secret: rejected (reconnecting would not help)', async () => {
    const result = await connectorFor(fake, { clientSecret: 'wrong' }).tokens.refresh(grantFrom(fake.tokens()));
    expect(!result.ok && result.failure.kind).to.equal('rejected');
  });

  it('revokes the access token with the client credentials', async () => {
    const grant = grantFrom(fake.tokens());
    await connector.tokens.revoke(grant);
    expect(fake.state.revoked).to.deep.equal([grant.accessToken]);
    expect(fake.state.accessTokens.has(grant.accessToken)).to.equal(false);
  });

  it('revocation is best effort: an unreachable LinkedIn does not throw', async () => {
    await fake.stop();
    await connector.tokens.revoke(grantFrom({ accessToken: 'a', refreshToken: 'r' }));
  });
});
