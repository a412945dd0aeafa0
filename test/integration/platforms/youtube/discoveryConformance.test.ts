import { expect } from 'chai';
import { randomContent } from '../../../support/byteStreams';
import { DiscoveryApi } from '../../../support/fakes/kit/discoveryApi';
import { describeViolation } from '../../../support/fakes/kit/RequestChecker';
import { YouTubeFake } from '../../../support/fakes/youtubeFake';
import { ALL_SCOPES } from '../../../support/fakes/youtubeFakeState';
import { KIB_256, NOW, accountOf, comment, connectorFor, grantFrom, mediaOf, rangeStartsAt, segment } from './youtubeTestKit';

/** Google's OAuth endpoints are not in the discovery document (docs/platforms.md). */
const OAUTH_PATHS = new Set(['/token', '/revoke']);

describe('YouTube connector: every Data API request it sends conforms to Google’s discovery document (issue 20)', () => {
  let fake: YouTubeFake;
  beforeEach(async () => {
    fake = await YouTubeFake.start();
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('identifying the channel, a chunked upload, a resumed session, a comment, and reading the uploads and comments back', async () => {
    const connector = connectorFor(fake);
    const grant = grantFrom(fake.tokens());
    const account = accountOf(fake);
    await connector.authorization.identify(grant);
    fake.dropChunk(rangeStartsAt(KIB_256), KIB_256);
    const first = await connector.publisher.publish(segment(), grant, mediaOf(randomContent(2 * KIB_256 + 1000)), account);
    if (first.kind !== 'published') throw new Error(`expected published, got ${first.kind}`);
    const second = await connector.publisher.publish(comment(first.platformPostId), grant, mediaOf(Buffer.alloc(0)), account);
    expect(second.kind).to.equal('published');
    const since = new Date(NOW.getTime() - 60_000);
    expect(await connector.reader.recentPosts({ account, grant, since, replyTo: null })).to.deep.include({ ok: true });
    expect(await connector.reader.recentPosts({ account, grant, since, replyTo: first.platformPostId })).to.deep.include({ ok: true });

    const youtube = DiscoveryApi.load('youtube-v3-discovery.json');
    const checked = fake.received.filter((request) => !OAUTH_PATHS.has(request.path)).map((request) => youtube.check(request, ALL_SCOPES));
    expect(fake.received.map((r) => r.headers['content-range'])).to.include(`bytes */${2 * KIB_256 + 1000}`);
    expect(checked.map((c) => c.operation)).to.include.members([
      'youtube.channels.list',
      'youtube.videos.insert',
      'youtube.videos.list',
      'youtube.commentThreads.insert',
      'youtube.playlistItems.list',
      'youtube.commentThreads.list',
    ]);
    expect(checked.flatMap((c) => c.violations).map(describeViolation)).to.deep.equal([]);
  });
});
