import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type TikTokConnector } from '../../../../adapters/outbound/platforms/tiktok/TikTokConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { TikTokFake } from '../../../support/fakes/tiktokFake';
import { makeVideo } from '../../../support/mediaFiles';
import { connectorFor, grantFrom, mediaFrom, segment } from './tiktokTestKit';

describe('TikTok connector: the creator’s choices, photos and what TikTok refuses', () => {
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
  afterEach(() => fake.stop());

  it('a privacy level TikTok does not offer the creator: rejected before anything is sent, saying unaudited apps post SELF_ONLY', async () => {
    fake.state.creatorInfo.privacy_level_options = ['SELF_ONLY'];
    const outcome = await connector.publisher.publish(segment(), grant, mediaFrom({ 'video-1': video }));
    if (outcome.kind !== 'rejected') throw new Error(`expected rejected, got ${outcome.kind}`);
    expect(outcome.reason).to.match(/PUBLIC_TO_EVERYONE.*offered: SELF_ONLY.*not audited may only post SELF_ONLY/);
    expect(fake.requestsTo('POST', '/v2/post/publish/video/init/')).to.equal(0);
  });

  it('a private (SELF_ONLY) post is never publicly named: published under its publish_id, with no address', async () => {
    const media = mediaFrom({ 'video-1': video });
    const first = await connector.publisher.publish(segment({}, { privacy: 'SELF_ONLY', promotionContent: 'NONE' }), grant, media);
    const checkpoint = (first as { checkpoint: string }).checkpoint;
    const outcome = await connector.publisher.publish(segment({ checkpoint }, { privacy: 'SELF_ONLY' }), grant, media);
    expect(outcome).to.deep.include({ kind: 'published', platformPostId: checkpoint, platformPostUrl: null });
  });

  it('a video longer than the creator may post: rejected before init', async () => {
    fake.state.creatorInfo.max_video_post_duration_sec = 60;
    const outcome = await connector.publisher.publish(segment(), grant, mediaFrom({ 'video-1': video }, 90));
    expect(outcome).to.deep.equal({ kind: 'rejected', reason: 'the video lasts 90 s; TikTok lets this creator post videos of up to 60 s' });
    expect(fake.requestsTo('POST', '/v2/post/publish/video/init/')).to.equal(0);
  });

  it('photos: content/init pulling the library’s signed links, the text as description, then published', async () => {
    const photo = path.join(dir, 'photo.jpg');
    await fs.writeFile(photo, Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    const media = mediaFrom({ p1: photo, p2: photo });
    const items = [
      { id: 'p1', altText: null, thumbnailTimestamp: null },
      { id: 'p2', altText: null, thumbnailTimestamp: null },
    ];
    const first = await connector.publisher.publish(segment({ media: items }), grant, media);
    expect(first.kind).to.equal('processing');
    const init = fake.state.received.find((r) => r.path === '/v2/post/publish/content/init/');
    expect(JSON.parse(String(init?.body))).to.deep.equal({
      post_info: {
        description: 'Shipping Dispatch 1.0 #release',
        privacy_level: 'PUBLIC_TO_EVERYONE',
        disable_comment: false,
        auto_add_music: false,
        brand_content_toggle: false,
        brand_organic_toggle: true,
      },
      source_info: {
        source: 'PULL_FROM_URL',
        photo_cover_index: 0,
        photo_images: ['https://media.example/signed/p1?sig=abc', 'https://media.example/signed/p2?sig=abc'],
      },
      post_mode: 'DIRECT_POST',
      media_type: 'PHOTO',
    });
    const outcome = await connector.publisher.publish(segment({ media: items, checkpoint: (first as { checkpoint: string }).checkpoint }), grant, media);
    expect(outcome.kind).to.equal('published');
  });

  it('a later segment: rejected (TikTok has no comments API)', async () => {
    const outcome = await connector.publisher.publish(segment({ segmentIndex: 1, segmentCount: 2 }), grant, mediaFrom({}));
    expect(outcome.kind).to.equal('rejected');
    expect(fake.state.received).to.have.length(0);
  });
});
