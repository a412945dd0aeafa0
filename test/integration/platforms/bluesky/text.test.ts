import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import { expect } from 'chai';
import { blueskyConnector } from '../../../../adapters/outbound/platforms/bluesky/BlueskyConnector';
import { FileMediaAccess } from '../../../support/fileMediaAccess';
import { blueskySegment } from '../../../support/blueskySegments';
import { type ConnectedBluesky, connectedBluesky, readPost } from '../../../support/connectedBluesky';

describe('Bluesky connector: publishing text (reference PDS)', () => {
  let bluesky: ConnectedBluesky;
  before(async () => {
    bluesky = await connectedBluesky('texting');
  });
  after(() => bluesky?.pds.stop());

  it('creates an app.bsky.feed.post with the text and a facet for its link', async () => {
    const text = 'Release notes are out: https://example.com/notes';
    const outcome = await bluesky.connector.publisher.publish(blueskySegment({ text }), bluesky.grant, new FileMediaAccess(), UNNAMED_ACCOUNT);

    if (outcome.kind !== 'published') expect.fail(`${outcome.kind}: ${outcome.reason}`);
    const rkey = outcome.platformPostId.split('/').pop();
    expect(outcome.platformPostId).to.match(new RegExp(`^at://${bluesky.account.did}/app\\.bsky\\.feed\\.post/`));
    expect(outcome.platformPostUrl).to.equal(`https://bsky.app/profile/${bluesky.account.did}/post/${rkey}`);
    const post = await readPost(bluesky.pds, outcome.platformPostId);
    expect(post.value.text).to.equal(text);
    const start = Buffer.byteLength('Release notes are out: ');
    expect(post.value.facets).to.deep.equal([
      {
        index: { byteStart: start, byteEnd: Buffer.byteLength(text) },
        features: [{ $type: 'app.bsky.richtext.facet#link', uri: 'https://example.com/notes' }],
      },
    ]);
  });

  it('posts once when the same call is repeated with the same idempotency key', async () => {
    // Both calls in one ten-minute window of record keys, wherever the real clock stands.
    const at = new Date();
    const { publisher } = blueskyConnector({ clock: () => at });
    const segment = blueskySegment({ text: 'Said once, even when sent twice' });
    const first = await publisher.publish(segment, bluesky.grant, new FileMediaAccess(), UNNAMED_ACCOUNT);
    const second = await publisher.publish(segment, bluesky.grant, new FileMediaAccess(), UNNAMED_ACCOUNT);

    expect(first.kind).to.equal('published');
    expect(second).to.include({ kind: 'published', platformPostId: first.kind === 'published' ? first.platformPostId : '' });
    const { data } = await bluesky.pds.reader().com.atproto.repo.listRecords({ repo: bluesky.account.did, collection: 'app.bsky.feed.post' });
    expect(data.records.filter((record) => (record.value as { text: string }).text === segment.text)).to.have.length(1);
  });
});
