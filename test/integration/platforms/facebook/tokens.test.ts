import { expect } from 'chai';
import { type FacebookConnector } from '../../../../adapters/outbound/platforms/facebook/FacebookConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { FacebookFake } from '../../../support/fakes/facebookFake';
import { connectedGrant, connectorFor, keptGrants, MediaLibrary, NOW, PAGE_ACCOUNT, PAGE_ID, segment } from './facebookTestKit';

/**
 * Facebook issues no refresh token and documents no renewal of a long-lived user token
 * (docs/platforms.md, Facebook review 2): a Page connection keeps the Page's own token, which
 * does not expire, and the person's token to ask for it again.
 */
describe('Facebook connector: the tokens a Page connection keeps', () => {
  let fake: FacebookFake;
  let connector: FacebookConnector;
  let library: MediaLibrary;

  before(async () => {
    library = await MediaLibrary.start({});
  });
  after(() => library.stop());
  beforeEach(async () => {
    fake = await FacebookFake.start();
    connector = connectorFor(fake);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  /** A Page connection's grant after its first post: the Page token kept. */
  async function pageGrant(person: OAuth2Grant): Promise<OAuth2Grant> {
    const { kept, keep } = keptGrants();
    await connector.publisher.publish(segment({ text: 'First' }), person, library.access, PAGE_ACCOUNT, keep);
    return kept[0] as OAuth2Grant;
  }

  it('nothing is renewed ahead of time: the person’s token is never re-exchanged, the Page token does not expire', async () => {
    const person = connectedGrant(fake, 5);
    expect(connector.tokens.needsRefresh(person, NOW)).to.equal(false);
    expect(connector.tokens.needsRefresh(await pageGrant(person), NOW)).to.equal(false);
    expect(fake.graphRequests('GET', '/oauth/access_token')).to.equal(0);
  });

  it('a Page token Facebook refused is renewed: given up for the person’s token, which asks for a new one on the next post (kept again)', async () => {
    const person = connectedGrant(fake, 30);
    const kept = await pageGrant(person);
    fake.state.expire(kept.accessToken);
    const refused = await connector.publisher.publish(segment({ text: 'Refused' }), kept, library.access, PAGE_ACCOUNT);
    expect(refused.kind).to.equal('needsReconnect');

    const renewed = await connector.tokens.refresh(kept);
    expect(renewed).to.deep.equal({ ok: true, grant: person });
    const again = keptGrants();
    const outcome = await connector.publisher.publish(segment({ text: 'Again' }), person, library.access, PAGE_ACCOUNT, again.keep);
    expect(outcome.kind).to.equal('published');
    const fresh = again.kept[0] as OAuth2Grant;
    expect(fresh.accessToken).not.to.equal(kept.accessToken);
    expect(fake.state.pageTokens.get(fresh.accessToken)).to.equal(PAGE_ID);
  });

  it('a dead grant: the person’s own token (or the Page token’s, once the person’s expired) cannot be renewed: connect again', async () => {
    const person = connectedGrant(fake, 30);
    const refusedPerson = await connector.tokens.refresh(person);
    expect(refusedPerson.ok === false && refusedPerson.failure.kind).to.equal('reconnect');
    const kept = await pageGrant(person);
    const lapsed = await connector.tokens.refresh({ ...kept, refreshExpiresAt: new Date(NOW.getTime() - 1) });
    expect(lapsed.ok === false && lapsed.failure.kind).to.equal('reconnect');
  });

  it('revokes with the person’s token, whichever grant holds it (DELETE /me/permissions)', async () => {
    const person = connectedGrant(fake);
    await connector.tokens.revoke(await pageGrant(person));
    expect(fake.graphRequests('DELETE', '/me/permissions')).to.equal(1);
    const removal = fake.received.find((r) => r.method === 'DELETE');
    expect(removal?.headers.authorization).to.equal(`Bearer ${person.accessToken}`);
    expect(fake.state.accessTokens.get(person.accessToken)?.expired).to.equal(true);
  });
});
