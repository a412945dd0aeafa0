import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import { expect } from 'chai';
import { blueskySegment } from '../../../support/blueskySegments';
import { type ConnectedBluesky, connectedBluesky, readPost } from '../../../support/connectedBluesky';
import { FileMediaAccess } from '../../../support/fileMediaAccess';

describe('Bluesky connector: publishing a thread (reference PDS)', () => {
  let bluesky: ConnectedBluesky;
  before(async () => {
    bluesky = await connectedBluesky('threading');
  });
  after(() => bluesky?.pds.stop());

  it('posts three segments, each a reply to the one before, all under the first', async () => {
    const uris: string[] = [];
    for (const [index, text] of ['1/3 the start', '2/3 the middle', '3/3 the end'].entries()) {
      const segment = blueskySegment({ text, segmentIndex: index, segmentCount: 3, replyToPlatformPostId: uris.at(-1) ?? null });
      const outcome = await bluesky.connector.publisher.publish(segment, bluesky.grant, new FileMediaAccess(), UNNAMED_ACCOUNT);
      if (outcome.kind !== 'published') expect.fail(`segment ${index}: ${outcome.kind}: ${outcome.reason}`);
      uris.push(outcome.platformPostId);
    }

    const [first, second, third] = await Promise.all(uris.map((uri) => readPost(bluesky.pds, uri)));
    if (!first || !second || !third) expect.fail('a segment could not be read back');
    const root = { uri: first.uri, cid: first.cid };
    expect(first.value.reply).to.equal(undefined);
    expect(second.value.reply).to.deep.equal({ root, parent: root });
    expect(third.value.reply).to.deep.equal({ root, parent: { uri: second.uri, cid: second.cid } });
  });
});
