import { expect } from 'chai';
import { randomContent } from '../../../support/byteStreams';
import { DiscoveryApi } from '../../../support/fakes/kit/discoveryApi';
import { describeViolation } from '../../../support/fakes/kit/RequestChecker';
import { YouTubeFake } from '../../../support/fakes/youtubeFake';
import { ALL_SCOPES } from '../../../support/fakes/youtubeFakeState';
import { KIB_256, connectorFor, grantFrom, mediaOf, segment } from './youtubeTestKit';

/** Google's OAuth endpoints are not in the discovery document (docs/platforms.md). */
const OAUTH_PATHS = new Set(['/token', '/revoke']);

describe('YouTube connector: every Data API request it sends conforms to Google’s discovery document (issue 20)', () => {
  let fake: YouTubeFake;
  beforeEach(async () => {
    fake = await YouTubeFake.start();
  });
  afterEach(() => fake.stop());

  it('identifying the channel, a chunked upload, a resumed session and a comment', async () => {
    const connector = connectorFor(fake);
    const grant = grantFrom(fake.tokens());
    await connector.authorization.identify(grant);
    fake.answerNext(
      'PUT /upload/youtube/v3/videos',
      { kind: 'drop', keepBytes: KIB_256 },
      (r) => r.message.headers['content-range']?.startsWith('bytes 262144-') ?? false,
    );
    const first = await connector.publisher.publish(segment(), grant, mediaOf(randomContent(2 * KIB_256 + 1000)));
    expect(first.kind).to.equal('published');
    const videoId = first.kind === 'published' ? first.platformPostId : '';
    const comment = await connector.publisher.publish(
      segment({ segmentIndex: 1, segmentCount: 2, text: 'More below', media: [], replyToPlatformPostId: videoId }),
      grant,
      mediaOf(Buffer.alloc(0)),
    );
    expect(comment.kind).to.equal('published');

    const youtube = DiscoveryApi.load('youtube-v3-discovery.json');
    const checked = fake.state.received.filter((request) => !OAUTH_PATHS.has(request.path)).map((request) => youtube.check(request, ALL_SCOPES));
    expect(fake.state.received.map((r) => r.headers['content-range'])).to.include(`bytes */${2 * KIB_256 + 1000}`);
    expect(checked.map((c) => c.operation)).to.include.members([
      'youtube.channels.list',
      'youtube.videos.insert',
      'youtube.videos.list',
      'youtube.commentThreads.insert',
    ]);
    expect(checked.flatMap((c) => c.violations).map(describeViolation)).to.deep.equal([]);
  });
});
