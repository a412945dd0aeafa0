import { expect } from 'chai';
import { type InstagramConnector } from '../../../../adapters/outbound/platforms/instagram/InstagramConnector';
import { InstagramFake } from '../../../support/fakes/instagramFake';
import { UNEXPECTED } from '../../../support/fakes/kit/metaGraphAnswers';
import { DAY_MS, NOW, connectorFor, grantFrom } from './instagramTestKit';

describe('Instagram connector: keeping the long-lived token alive', () => {
  let fake: InstagramFake;
  let connector: InstagramConnector;

  beforeEach(async () => {
    fake = await InstagramFake.start();
    connector = connectorFor(fake);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('renews a week ahead of expiry, never an expired token (it cannot be refreshed)', () => {
    const at = (ms: number) => ({ ...grantFrom('t'), accessExpiresAt: new Date(NOW.getTime() + ms) });
    expect(connector.tokens.needsRefresh(at(30 * DAY_MS), NOW)).to.equal(false);
    expect(connector.tokens.needsRefresh(at(6 * DAY_MS), NOW)).to.equal(true);
    expect(connector.tokens.needsRefresh(at(-1), NOW)).to.equal(false);
  });

  it('refreshes the token itself (ig_refresh_token): a new token, 60 days from now, the scopes kept', async () => {
    const grant = grantFrom(fake.longLivedToken());
    const renewed = await connector.tokens.refresh(grant);
    if (!renewed.ok || renewed.grant.kind !== 'oauth2') throw new Error(JSON.stringify(renewed));
    expect(renewed.grant.accessToken).to.not.equal(grant.accessToken);
    expect(renewed.grant).to.deep.include({ refreshToken: null, refreshExpiresAt: null, scopes: grant.scopes });
    expect(renewed.grant.accessExpiresAt?.toISOString()).to.equal(new Date(NOW.getTime() + 5_184_000_000).toISOString());
    const call = fake.received.find((r) => r.path === '/refresh_access_token');
    expect(Object.fromEntries(call?.query ?? [])).to.deep.equal({ grant_type: 'ig_refresh_token', access_token: grant.accessToken });
  });

  it('a token Instagram refuses (190): reconnect', async () => {
    const grant = grantFrom(fake.longLivedToken());
    fake.state.expire(grant.accessToken);
    const result = await connector.tokens.refresh(grant);
    expect(!result.ok && result.failure.kind).to.equal('reconnect');
  });

  it('a token past its expiry: reconnect, without asking', async () => {
    const result = await connector.tokens.refresh({ ...grantFrom(fake.longLivedToken()), accessExpiresAt: new Date(NOW.getTime() - 1) });
    expect(!result.ok && result.failure.kind).to.equal('reconnect');
    expect(fake.requestsEndingWith('GET', '/refresh_access_token')).to.equal(0);
  });

  it('a 5xx from the refresh: retry later, never reconnect', async () => {
    fake.answerNext('accessToken.refresh', { kind: 'error', error: UNEXPECTED });
    const result = await connector.tokens.refresh(grantFrom(fake.longLivedToken()));
    expect(!result.ok && result.failure.kind).to.equal('retryLater');
  });

  it('revocation does nothing (Instagram has none) and does not throw', async () => {
    await connector.tokens.revoke(grantFrom('anything'));
    expect(fake.received).to.have.length(0);
  });
});
