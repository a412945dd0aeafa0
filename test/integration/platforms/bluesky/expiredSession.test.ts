import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import { expect } from 'chai';
import { blueskyConnector } from '../../../../adapters/outbound/platforms/bluesky/BlueskyConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { blueskySegment } from '../../../support/blueskySegments';
import { type ConnectedBluesky, connectedBluesky, readPost } from '../../../support/connectedBluesky';
import { FileMediaAccess } from '../../../support/fileMediaAccess';

describe('Bluesky connector: an expired access token (reference PDS)', () => {
  let bluesky: ConnectedBluesky;
  before(async () => {
    bluesky = await connectedBluesky('idling');
  });
  after(() => bluesky?.pds.stop());

  it('is due for a refresh ahead of its expiry', () => {
    const expired = { ...bluesky.grant, accessJwt: bluesky.pds.expiredAccessJwt(bluesky.account.did) };
    expect(bluesky.connector.tokens.needsRefresh(expired, new Date())).to.equal(true);
    expect(bluesky.connector.tokens.needsRefresh(bluesky.grant, new Date())).to.equal(false);
    // The PDS's access tokens last two hours: a minute before the end it is due.
    expect(bluesky.connector.tokens.needsRefresh(bluesky.grant, new Date(Date.now() + 2 * 3600_000 - 30_000))).to.equal(true);
  });

  it('is refreshed with the refresh token when the PDS refuses it, the post made, the renewed grant handed over', async () => {
    const expired = { ...bluesky.grant, accessJwt: bluesky.pds.expiredAccessJwt(bluesky.account.did) };
    const renewals: PlatformGrant[] = [];
    // The clock says the token is fresh, so the PDS is the one to say it expired.
    const { publisher } = blueskyConnector({ clock: () => new Date(0) });

    const outcome = await publisher.publish(blueskySegment({ text: 'After a long nap' }), expired, new FileMediaAccess(), UNNAMED_ACCOUNT, async (grant) => {
      renewals.push(grant);
    });

    if (outcome.kind !== 'published') expect.fail(`${outcome.kind}: ${outcome.reason}`);
    expect((await readPost(bluesky.pds, outcome.platformPostId)).value.text).to.equal('After a long nap');
    expect(renewals).to.have.length(1);
    const [renewed] = renewals;
    if (renewed?.kind !== 'atproto_session') expect.fail('no Bluesky session was renewed');
    expect(renewed).to.include({ did: bluesky.account.did, service: bluesky.pds.url, appPassword: bluesky.account.appPassword });
    expect(renewed.accessJwt).to.not.equal(expired.accessJwt);
    expect(renewed.refreshJwt).to.not.equal(bluesky.grant.refreshJwt);
    expect(bluesky.connector.tokens.needsRefresh(renewed, new Date())).to.equal(false);
  });

  it('logs in again with the kept app password when the refresh token itself is dead', async () => {
    const refreshed = await bluesky.connector.tokens.refresh({ ...bluesky.grant, refreshJwt: 'a-refresh-token-the-pds-never-issued' });

    if (!refreshed.ok) expect.fail(`${refreshed.failure.kind}: ${refreshed.failure.reason}`);
    expect(refreshed.grant).to.include({ did: bluesky.account.did, appPassword: bluesky.account.appPassword });
    expect(refreshed.grant.refreshJwt).to.not.equal('a-refresh-token-the-pds-never-issued');
  });
});
