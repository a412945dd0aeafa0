import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import { expect } from 'chai';
import { blueskyConnector } from '../../../../adapters/outbound/platforms/bluesky/BlueskyConnector';
import { blueskySegment } from '../../../support/blueskySegments';
import { type ConnectedBluesky, connectedBluesky } from '../../../support/connectedBluesky';
import { FileMediaAccess } from '../../../support/fileMediaAccess';

/** What undici's fetch throws when the connection closes before the answer arrives. */
const connectionClosed = () => new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });

describe('Bluesky connector: a post whose answer is lost (reference PDS)', () => {
  let bluesky: ConnectedBluesky;
  before(async () => {
    bluesky = await connectedBluesky('unanswered');
  });
  after(() => bluesky?.pds.stop());

  const records = async () =>
    (await bluesky.pds.reader().com.atproto.repo.listRecords({ repo: bluesky.account.did, collection: 'app.bsky.feed.post' })).data.records;

  it('is found at once under the call’s own record key: published with the real AT URI, one post made', async () => {
    const lossy = blueskyConnector({
      fetch: async (input, init) => {
        const answer = await fetch(input, init);
        if (!String(input).includes('com.atproto.repo.createRecord')) return answer;
        // The PDS made the record and answered; the answer never comes back.
        await answer.arrayBuffer();
        throw connectionClosed();
      },
    });

    const outcome = await lossy.publisher.publish(blueskySegment({ text: 'Made, though nobody heard' }), bluesky.grant, new FileMediaAccess(), UNNAMED_ACCOUNT);

    const made = await records();
    expect(made).to.have.length(1);
    expect(outcome).to.include({ kind: 'published', platformPostId: made[0]!.uri });
  });

  it('is outcome unknown when the record key’s lookup cannot say either: the engine then reads the account back', async () => {
    const before = (await records()).length;
    const lossy = blueskyConnector({
      fetch: async (input, init) => {
        if (String(input).includes('com.atproto.repo.getRecord')) throw connectionClosed();
        const answer = await fetch(input, init);
        if (!String(input).includes('com.atproto.repo.createRecord')) return answer;
        await answer.arrayBuffer();
        throw connectionClosed();
      },
    });

    const outcome = await lossy.publisher.publish(
      blueskySegment({ text: 'Made, and the lookup lost too' }),
      bluesky.grant,
      new FileMediaAccess(),
      UNNAMED_ACCOUNT,
    );

    expect(outcome).to.deep.equal({ kind: 'outcomeUnknown', reason: 'Bluesky gave no answer to the post: fetch failed (UND_ERR_SOCKET)' });
    expect(await records()).to.have.length(before + 1);
  });
});
