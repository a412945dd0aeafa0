import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type TikTokConnector } from '../../../../adapters/outbound/platforms/tiktok/TikTokConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { TikTokFake } from '../../../support/fakes/tiktokFake';
import { makeVideo } from '../../../support/mediaFiles';
import { ACCOUNT, NOW, connectorFor, grantFrom, mediaFrom, segment } from './tiktokTestKit';

describe('TikTok connector: direct posts against a local TikTok', () => {
  let fake: TikTokFake;
  let connector: TikTokConnector;
  let grant: OAuth2Grant;
  let dir: string;
  let video: string;

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tiktok-'));
    video = await makeVideo(dir, { seconds: 1, width: 320, height: 568, audio: false });
  });
  after(() => fs.rm(dir, { recursive: true, force: true }));

  beforeEach(async () => {
    fake = await TikTokFake.start();
    connector = connectorFor(fake);
    grant = grantFrom(fake.tokens());
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('a video: creator info, init with FILE_UPLOAD, the bytes PUT, then processing until TikTok names the post', async () => {
    const media = mediaFrom({ 'video-1': video });
    fake.state.statusSteps = [{ status: 'PROCESSING_UPLOAD' }];
    const first = await connector.publisher.publish(segment(), grant, media, ACCOUNT);
    const [publish] = [...fake.state.publishes.values()];
    expect(first).to.deep.include({ kind: 'processing', checkpoint: publish.publishId });
    expect(fake.requestsTo('POST', '/v2/post/publish/creator_info/query/')).to.equal(1);

    const init = fake.received.find((r) => r.path === '/v2/post/publish/video/init/');
    expect(init?.headers.authorization).to.equal(`Bearer ${grant.accessToken}`);
    expect(init?.headers['content-type']).to.equal('application/json; charset=UTF-8');
    const { size } = await fs.stat(video);
    expect(JSON.parse(String(init?.body))).to.deep.equal({
      post_info: {
        title: 'Shipping Dispatch 1.0 #release',
        privacy_level: 'PUBLIC_TO_EVERYONE',
        disable_comment: false,
        disable_duet: true,
        disable_stitch: false,
        brand_content_toggle: false,
        brand_organic_toggle: true,
      },
      source_info: { source: 'FILE_UPLOAD', video_size: size, chunk_size: size, total_chunk_count: 1 },
    });
    expect(Buffer.concat(publish.chunks).equals(await fs.readFile(video))).to.equal(true);
    expect(publish.chunkRanges).to.deep.equal([`bytes 0-${size - 1}/${size}`]);

    const checkpoint = (first as { checkpoint: string }).checkpoint;
    const second = await connector.publisher.publish(segment({ checkpoint }), grant, media, ACCOUNT);
    expect(second).to.deep.include({ kind: 'processing', checkpoint });
    const third = await connector.publisher.publish(segment({ checkpoint }), grant, media, ACCOUNT);
    expect(third).to.deep.equal({
      kind: 'published',
      platformPostId: publish.postId,
      platformPostUrl: `https://www.tiktok.com/@ada.codes/video/${publish.postId}`,
      postedAt: NOW,
      statusCode: 200,
    });
    expect(publish.postId).to.match(/^\d{19}$/);
    expect(fake.requestsTo('POST', '/v2/post/publish/video/init/')).to.equal(1);
  });

  it('a video larger than a chunk goes in TikTok chunks, in order, the last carrying the rest', async () => {
    const big = path.join(dir, 'big.mp4');
    const bytes = Buffer.alloc(11 * 1024 * 1024 + 123, 7);
    bytes.write('distinct head');
    await fs.writeFile(big, bytes);
    const chunked = connectorFor(fake, { chunkBytes: 5 * 1024 * 1024 });
    const outcome = await chunked.publisher.publish(segment(), grant, mediaFrom({ 'video-1': big }), ACCOUNT);
    expect(outcome.kind).to.equal('processing');
    const [publish] = [...fake.state.publishes.values()];
    expect(publish.sourceInfo).to.deep.include({ video_size: bytes.length, chunk_size: 5_242_880, total_chunk_count: 2 });
    expect(publish.chunkRanges).to.deep.equal([`bytes 0-5242879/${bytes.length}`, `bytes 5242880-${bytes.length - 1}/${bytes.length}`]);
    expect(Buffer.concat(publish.chunks).equals(bytes)).to.equal(true);
  });

  it('TikTok’s FAILED for a reason it calls retryable (internal): nothing was posted, so the same call posts it anew (docs/platforms.md, TikTok review 2)', async () => {
    const media = mediaFrom({ 'video-1': video });
    fake.state.statusSteps = [{ status: 'FAILED', failReason: 'internal' }];
    const first = await connector.publisher.publish(segment(), grant, media, ACCOUNT);
    const failed = (first as { checkpoint: string }).checkpoint;
    const again = await connector.publisher.publish(segment({ checkpoint: failed }), grant, media, ACCOUNT);
    const [, fresh] = [...fake.state.publishes.values()];
    expect(again).to.deep.include({ kind: 'processing', checkpoint: fresh.publishId });
    expect(again.kind === 'processing' && again.reason).to.match(/^TikTok could not publish the post \(internal\) and asks for another try; posted again: /);
    expect(Buffer.concat(fresh.chunks).equals(await fs.readFile(video))).to.equal(true);
    const settled = await connector.publisher.publish(segment({ checkpoint: fresh.publishId }), grant, media, ACCOUNT);
    expect(settled).to.deep.include({ kind: 'published', platformPostId: fresh.postId });
    expect(fake.requestsTo('POST', '/v2/post/publish/video/init/')).to.equal(2);
  });

  it('TikTok’s FAILED: rejected with its fail_reason', async () => {
    const media = mediaFrom({ 'video-1': video });
    fake.state.statusSteps = [{ status: 'FAILED', failReason: 'duration_check_failed' }];
    const first = await connector.publisher.publish(segment(), grant, media, ACCOUNT);
    const outcome = await connector.publisher.publish(segment({ checkpoint: (first as { checkpoint: string }).checkpoint }), grant, media, ACCOUNT);
    expect(outcome).to.deep.equal({ kind: 'rejected', reason: 'TikTok could not publish the post: duration_check_failed', statusCode: 200 });
  });
});
