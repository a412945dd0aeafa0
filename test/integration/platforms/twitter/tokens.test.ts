import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import { expect } from 'chai';
import { type TwitterConnector } from '../../../../adapters/outbound/platforms/twitter/TwitterConnector';
import { TwitterFake } from '../../../support/fakes/twitterFake';
import { NO_MEDIA, NOW, connectorFor, grantFrom, segment } from './twitterTestKit';

const MINUTE = 60_000;

describe('Twitter connector: token upkeep against a local X', () => {
  let fake: TwitterFake;
  let connector: TwitterConnector;

  beforeEach(async () => {
    fake = await TwitterFake.start();
    connector = connectorFor(fake);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('renews ten minutes ahead of the two-hour access token’s expiry, and only with a refresh token', () => {
    const grant = grantFrom(fake.tokens());
    const at = (ms: number) => ({ ...grant, accessExpiresAt: new Date(NOW.getTime() + ms) });
    expect(connector.tokens.needsRefresh(at(30 * MINUTE), NOW)).to.equal(false);
    expect(connector.tokens.needsRefresh(at(9 * MINUTE), NOW)).to.equal(true);
    expect(connector.tokens.needsRefresh({ ...at(MINUTE), refreshToken: null }, NOW)).to.equal(false);
  });

  it('refresh rotates the refresh token: Basic auth and a form; the old one is refused afterwards (reconnect)', async () => {
    const grant = grantFrom(fake.tokens());
    const renewed = await connector.tokens.refresh(grant);
    if (!renewed.ok || renewed.grant.kind !== 'oauth2') throw new Error(`refresh failed: ${JSON.stringify(renewed)}`);
    expect(renewed.grant.accessToken).to.not.equal(grant.accessToken);
    expect(renewed.grant.refreshToken).to.be.a('string').and.not.equal(grant.refreshToken);
    expect(renewed.grant.accessExpiresAt?.toISOString()).to.equal(new Date(NOW.getTime() + 7_200_000).toISOString());
    const sent = fake.received.find((r) => r.path === '/2/oauth2/token');
    expect(sent?.headers.authorization).to.match(/^Basic /);
    expect(Object.fromEntries(new URLSearchParams(sent?.body.toString()))).to.deep.equal({ grant_type: 'refresh_token', refresh_token: grant.refreshToken });

    const reused = await connector.tokens.refresh(grant);
    expect(!reused.ok && reused.failure).to.deep.equal({ kind: 'reconnect', reason: 'X: Value passed for the token was invalid.' });
    const again = await connector.tokens.refresh(renewed.grant);
    expect(again.ok).to.equal(true);
    expect((await connector.publisher.publish(segment(), renewed.grant, NO_MEDIA, UNNAMED_ACCOUNT)).kind).to.equal('published');
  });

  it('invalid_grant: reconnect', async () => {
    fake.answerNext('POST /2/oauth2/token', { kind: 'invalidGrant' });
    const result = await connector.tokens.refresh(grantFrom(fake.tokens()));
    expect(!result.ok && result.failure.kind).to.equal('reconnect');
  });

  it('a 5xx or a 429 from the token endpoint: retry later (429: until x-rate-limit-reset), never reconnect', async () => {
    const grant = grantFrom(fake.tokens());
    fake.answerNext('POST /2/oauth2/token', { kind: 'serverError', status: 503 });
    const failed = await connector.tokens.refresh(grant);
    expect(!failed.ok && failed.failure.kind).to.equal('retryLater');
    fake.answerNext('POST /2/oauth2/token', { kind: 'rateLimited', resetAtEpochSeconds: NOW.getTime() / 1000 + 900 });
    const limited = await connector.tokens.refresh(grant);
    expect(!limited.ok && limited.failure).to.deep.include({ kind: 'retryLater', afterSeconds: 900 });
    expect(fake.state.refreshTokens.has(grant.refreshToken ?? '')).to.equal(true);
  });

  it('a wrong client secret: rejected', async () => {
    const result = await connectorFor(fake, { clientSecret: 'wrong' }).tokens.refresh(grantFrom(fake.tokens()));
    expect(!result.ok && result.failure.kind).to.equal('rejected');
  });

  it('revokes the refresh token and the access token with the client credentials', async () => {
    const grant = grantFrom(fake.tokens());
    await connector.tokens.revoke(grant);
    expect(fake.state.revoked).to.deep.equal([grant.refreshToken, grant.accessToken]);
    const forms = fake.received.filter((r) => r.path === '/2/oauth2/revoke').map((r) => Object.fromEntries(new URLSearchParams(r.body.toString())));
    expect(forms).to.deep.equal([
      { token: grant.refreshToken, token_type_hint: 'refresh_token' },
      { token: grant.accessToken, token_type_hint: 'access_token' },
    ]);
    expect(fake.state.accessTokens.has(grant.accessToken)).to.equal(false);
  });

  it('revocation is best effort: an unreachable X does not throw', async () => {
    await fake.stop();
    await connector.tokens.revoke(grantFrom({ accessToken: 'a', refreshToken: 'r' }));
  });
});
