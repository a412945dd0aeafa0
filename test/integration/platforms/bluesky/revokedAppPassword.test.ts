import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import { expect } from 'chai';
import { blueskyConnector } from '../../../../adapters/outbound/platforms/bluesky/BlueskyConnector';
import { blueskySegment } from '../../../support/blueskySegments';
import { type ConnectedBluesky, connectedBluesky } from '../../../support/connectedBluesky';
import { FileMediaAccess } from '../../../support/fileMediaAccess';

describe('Bluesky connector: a revoked app password (reference PDS)', () => {
  let bluesky: ConnectedBluesky;
  before(async () => {
    bluesky = await connectedBluesky('revoking');
    await bluesky.pds.revokeAppPassword(bluesky.account);
  });
  after(() => bluesky?.pds.stop());

  it('fails the refresh and the new login: the connection must be made again', async () => {
    const refreshed = await bluesky.connector.tokens.refresh(bluesky.grant);

    if (refreshed.ok) expect.fail('a session of a revoked app password was refreshed');
    expect(refreshed.failure.kind).to.equal('reconnect');
  });

  it('makes a publish with an expired session report needsReconnect, posting nothing', async () => {
    const expired = { ...bluesky.grant, accessJwt: bluesky.pds.expiredAccessJwt(bluesky.account.did) };
    const { publisher } = blueskyConnector({ clock: () => new Date(0) });

    const outcome = await publisher.publish(blueskySegment({ text: 'Never posted' }), expired, new FileMediaAccess(), UNNAMED_ACCOUNT);

    expect(outcome.kind).to.equal('needsReconnect');
    const { data } = await bluesky.pds.reader().com.atproto.repo.listRecords({ repo: bluesky.account.did, collection: 'app.bsky.feed.post' });
    expect(data.records).to.have.length(0);
  });
});
