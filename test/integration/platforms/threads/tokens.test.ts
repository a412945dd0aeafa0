import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import { expect } from 'chai';
import { type ThreadsConnector } from '../../../../adapters/outbound/platforms/threads/ThreadsConnector';
import { ThreadsFake } from '../../../support/fakes/threadsFake';
import { SERVER_ERROR, throttle } from '../../../support/fakes/threadsFakeAnswers';
import { DAY_MS, MEDIA, NOW, connectorFor, expectKind, grantFrom, segment } from './threadsTestKit';

describe('Threads connector: token upkeep against a local Threads', () => {
  let fake: ThreadsFake;
  let connector: ThreadsConnector;

  beforeEach(async () => {
    fake = await ThreadsFake.start();
    connector = connectorFor(fake);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('refreshes a week ahead of the token’s expiry, never once it has expired', () => {
    const grant = grantFrom('t');
    const at = (ms: number) => ({ ...grant, accessExpiresAt: new Date(NOW.getTime() + ms) });
    expect(connector.tokens.needsRefresh(at(30 * DAY_MS), NOW)).to.equal(false);
    expect(connector.tokens.needsRefresh(at(6 * DAY_MS), NOW)).to.equal(true);
    expect(connector.tokens.needsRefresh(at(-1), NOW)).to.equal(false);
    expect(connector.tokens.needsRefresh({ ...grant, accessExpiresAt: null }, NOW)).to.equal(false);
  });

  it('refreshes the long-lived token itself (th_refresh_token): a new grant, 60 days from now, still no refresh token', async () => {
    const grant = grantFrom(fake.longLivedToken(54 * DAY_MS), 6 * DAY_MS);
    const renewed = await connector.tokens.refresh(grant);
    if (!renewed.ok || renewed.grant.kind !== 'oauth2') throw new Error(`refresh failed: ${JSON.stringify(renewed)}`);
    expect(renewed.grant.accessToken).to.not.equal(grant.accessToken);
    expect(renewed.grant.refreshToken).to.equal(null);
    const expiresAt = new Date(NOW.getTime() + fake.state.longLifetimeSeconds * 1000).toISOString();
    expect(renewed.grant.accessExpiresAt?.toISOString()).to.equal(expiresAt);
    expect(renewed.grant.refreshExpiresAt?.toISOString()).to.equal(expiresAt);
    expect(renewed.grant.scopes).to.deep.equal(grant.scopes);
    expect(fake.received.find((r) => r.path === '/refresh_access_token')?.method).to.equal('GET');
    expect(fake.paramsTo('/refresh_access_token')).to.deep.equal([{ grant_type: 'th_refresh_token', access_token: grant.accessToken }]);
    expectKind(await connector.publisher.publish(segment(), renewed.grant, MEDIA, UNNAMED_ACCOUNT), 'published');
  });

  it('a dead grant (error 190 on a post): needs reconnect; the forced refresh of that token: reconnect', async () => {
    const token = fake.longLivedToken(2 * DAY_MS);
    const grant = grantFrom(token);
    fake.state.expire(token);
    const refused = await connector.publisher.publish(segment(), grant, MEDIA, UNNAMED_ACCOUNT);
    expect(refused).to.deep.equal({
      kind: 'needsReconnect',
      reason: 'Threads: Invalid OAuth access token - Cannot parse access token (#190)',
      statusCode: 400,
    });
    const renewed = await connector.tokens.refresh(grant);
    expect(!renewed.ok && renewed.failure.kind).to.equal('reconnect');
  });

  it('a token past its 60 days on Threads’ clock: 190 (session expired) on a post, needs reconnect', async () => {
    const token = fake.longLivedToken(61 * DAY_MS);
    const outcome = await connector.publisher.publish(segment(), grantFrom(token), MEDIA, UNNAMED_ACCOUNT);
    expect(outcome).to.deep.equal({
      kind: 'needsReconnect',
      reason: 'Threads: Error validating access token: Session has expired on Monday, 23-Nov-26 10:00:00 PST. (#190/463)',
      statusCode: 400,
    });
  });

  it('an expired grant is not sent to Threads: reconnect', async () => {
    const result = await connector.tokens.refresh(grantFrom(fake.longLivedToken(61 * DAY_MS), -DAY_MS));
    expect(!result.ok && result.failure.kind).to.equal('reconnect');
    expect(fake.requestsTo('GET', '/refresh_access_token')).to.equal(0);
  });

  it('throttling or a 5xx from the refresh endpoint: retry later, never reconnect', async () => {
    const grant = grantFrom(fake.longLivedToken(2 * DAY_MS));
    fake.answerNext('GET /refresh_access_token', SERVER_ERROR);
    const failed = await connector.tokens.refresh(grant);
    expect(!failed.ok && failed.failure.kind).to.equal('retryLater');
    fake.answerNext('GET /refresh_access_token', throttle(400, 4));
    const limited = await connector.tokens.refresh(grant);
    expect(!limited.ok && limited.failure.kind).to.equal('retryLater');
  });

  it('revocation resolves at once: Threads has no revocation endpoint', async () => {
    await connector.tokens.revoke(grantFrom(fake.longLivedToken()));
    expect(fake.received).to.have.length(0);
  });
});
