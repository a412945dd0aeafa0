import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import { expect } from 'chai';
import { blueskySegment } from '../../../support/blueskySegments';
import { type ConnectedBluesky, connectedBluesky } from '../../../support/connectedBluesky';
import { FileMediaAccess } from '../../../support/fileMediaAccess';

describe('Bluesky connector: a text over 300 graphemes (reference PDS)', () => {
  let bluesky: ConnectedBluesky;
  before(async () => {
    bluesky = await connectedBluesky('rambling');
  });
  after(() => bluesky?.pds.stop());

  it('is rejected with the PDS reason, and nothing is posted', async () => {
    // Sent straight to the publisher: the domain refuses it earlier, at the post's creation.
    const text = `${'👨‍👩‍👧'.repeat(1)}${'a'.repeat(300)}`;
    const outcome = await bluesky.connector.publisher.publish(blueskySegment({ text }), bluesky.grant, new FileMediaAccess(), UNNAMED_ACCOUNT);

    expect(outcome).to.include({ kind: 'rejected', statusCode: 400 });
    expect(outcome.kind === 'rejected' && outcome.reason).to.match(/grapheme too big \(maximum 300, got 301\)/);
    const { data } = await bluesky.pds.reader().com.atproto.repo.listRecords({ repo: bluesky.account.did, collection: 'app.bsky.feed.post' });
    expect(data.records).to.have.length(0);
  });
});
