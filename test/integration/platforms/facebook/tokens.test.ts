import { expect } from 'chai';
import { type FacebookConnector } from '../../../../adapters/outbound/platforms/facebook/FacebookConnector';
import { EXPIRED_SESSION } from '../../../support/fakes/facebookFakeAnswers';
import { FacebookFake } from '../../../support/fakes/facebookFake';
import { connectedGrant, connectorFor, NOW } from './facebookTestKit';

describe('Facebook connector: keeping the long-lived user token alive', () => {
  let fake: FacebookFake;
  let connector: FacebookConnector;

  beforeEach(async () => {
    fake = await FacebookFake.start();
    connector = connectorFor(fake);
  });
  afterEach(() => fake.stop());

  it('is renewed in its last week, never once expired (an expired token cannot be exchanged)', () => {
    expect(connector.tokens.needsRefresh(connectedGrant(fake, 30), NOW)).to.equal(false);
    expect(connector.tokens.needsRefresh(connectedGrant(fake, 5), NOW)).to.equal(true);
    expect(connector.tokens.needsRefresh(connectedGrant(fake, -1), NOW)).to.equal(false);
  });

  it('renews a still valid token by exchanging it again (fb_exchange_token): a new token with a new expiry', async () => {
    const grant = connectedGrant(fake, 5);
    const result = await connector.tokens.refresh(grant);
    if (!result.ok || result.grant.kind !== 'oauth2') throw new Error(`expected a grant, got ${JSON.stringify(result)}`);
    expect(result.grant.accessToken).to.not.equal(grant.accessToken);
    expect(result.grant.refreshToken).to.equal(null);
    expect(result.grant.accessExpiresAt?.getTime()).to.equal(NOW.getTime() + fake.state.longLivedSeconds * 1000);
    expect(result.grant.scopes).to.deep.equal(grant.scopes);
    const exchange = fake.state.received.find((r) => r.path === '/oauth/access_token');
    expect(exchange?.query.get('fb_exchange_token')).to.equal(grant.accessToken);
  });

  it('an expired grant: connect again, without asking Facebook', async () => {
    const result = await connector.tokens.refresh(connectedGrant(fake, -1));
    expect(result.ok).to.equal(false);
    if (!result.ok) expect(result.failure.kind).to.equal('reconnect');
    expect(fake.state.received).to.have.length(0);
  });

  it('a token Facebook invalidated (190): connect again', async () => {
    fake.answerNext('GET /oauth/access_token', { kind: 'error', error: EXPIRED_SESSION });
    const result = await connector.tokens.refresh(connectedGrant(fake, 5));
    expect(result).to.deep.equal({
      ok: false,
      failure: { kind: 'reconnect', reason: `Facebook: ${EXPIRED_SESSION.message} (#190/463)` },
    });
  });

  it('revokes by removing the app from the person’s account (DELETE /me/permissions)', async () => {
    const grant = connectedGrant(fake);
    await connector.tokens.revoke(grant);
    expect(fake.requestsTo('DELETE', '/me/permissions')).to.equal(1);
    expect(fake.state.userTokens.get(grant.accessToken)?.expired).to.equal(true);
  });
});
