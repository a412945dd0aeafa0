import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type TikTokConnector } from '../../../../adapters/outbound/platforms/tiktok/TikTokConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { TikTokFake } from '../../../support/fakes/tiktokFake';
import { makeVideo } from '../../../support/mediaFiles';
import { ACCOUNT, connectorFor, grantFrom, mediaFrom, segment } from './tiktokTestKit';

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
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('a privacy level TikTok does not offer the creator: rejected before anything is sent, saying unaudited apps post SELF_ONLY', async () => {
    fake.state.creatorInfo.privacy_level_options = ['SELF_ONLY'];
    const outcome = await connector.publisher.publish(segment(), grant, mediaFrom({ 'video-1': video }), ACCOUNT);
    if (outcome.kind !== 'rejected') throw new Error(`expected rejected, got ${outcome.kind}`);
    expect(outcome.reason).to.match(/PUBLIC_TO_EVERYONE.*offered: SELF_ONLY.*not audited may only post SELF_ONLY/);
    expect(fake.requestsTo('POST', '/v2/post/publish/video/init/')).to.equal(0);
  });

  it('a private (SELF_ONLY) post is never publicly named: published under its publish_id, with no address', async () => {
    const media = mediaFrom({ 'video-1': video });
    const first = await connector.publisher.publish(segment({}, { privacy: 'SELF_ONLY', promotionContent: 'NONE' }), grant, media, ACCOUNT);
    const checkpoint = (first as { checkpoint: string }).checkpoint;
    const outcome = await connector.publisher.publish(segment({ checkpoint }, { privacy: 'SELF_ONLY' }), grant, media, ACCOUNT);
    expect(outcome).to.deep.include({ kind: 'published', platformPostId: checkpoint, platformPostUrl: null });
  });

  it('a video longer than the creator may post: rejected before init', async () => {
    fake.state.creatorInfo.max_video_post_duration_sec = 60;
    const outcome = await connector.publisher.publish(segment(), grant, mediaFrom({ 'video-1': video }, 90), ACCOUNT);
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
    const first = await connector.publisher.publish(segment({ media: items }), grant, media, ACCOUNT);
    expect(first.kind).to.equal('processing');
    const init = fake.received.find((r) => r.path === '/v2/post/publish/content/init/');
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
    const outcome = await connector.publisher.publish(
      segment({ media: items, checkpoint: (first as { checkpoint: string }).checkpoint }),
      grant,
      media,
      ACCOUNT,
    );
    expect(outcome.kind).to.equal('published');
  });

  it('a caption over 2200 UTF-16 units (emoji count two) is refused before anything is sent, though it has fewer characters (docs/platforms.md, TikTok review 3)', async () => {
    const caption = `${'🎬'.repeat(1100)}!`;
    const outcome = await connector.publisher.publish(segment({ text: caption }), grant, mediaFrom({ 'video-1': video }), ACCOUNT);
    expect(outcome).to.deep.equal({
      kind: 'rejected',
      reason: 'TikTok takes a video caption of at most 2200 UTF-16 units (an emoji counts two); this one has 2201',
    });
    expect(fake.received).to.have.length(0);
    const fits = await connector.publisher.publish(segment({ text: '🎬'.repeat(1100) }), grant, mediaFrom({ 'video-1': video }), ACCOUNT);
    expect(fits.kind).to.equal('processing');
  });

  it('a photo post’s caption is its description: up to 4000 UTF-16 units', async () => {
    const photo = path.join(dir, 'photo.jpg');
    await fs.writeFile(photo, Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    const items = [{ id: 'p1', altText: null, thumbnailTimestamp: null }];
    const long = await connector.publisher.publish(segment({ media: items, text: '📷'.repeat(2001) }), grant, mediaFrom({ p1: photo }), ACCOUNT);
    expect(long).to.deep.include({ kind: 'rejected' });
    expect(fake.received).to.have.length(0);
    const fits = await connector.publisher.publish(segment({ media: items, text: '📷'.repeat(2000) }), grant, mediaFrom({ p1: photo }), ACCOUNT);
    expect(fits.kind).to.equal('processing');
  });

  it('photos TikTok failed to pull (photo_pull_failed): pulled again in the same call, never rejected', async () => {
    const photo = path.join(dir, 'photo.jpg');
    await fs.writeFile(photo, Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    const items = [{ id: 'p1', altText: null, thumbnailTimestamp: null }];
    fake.state.statusSteps = [{ status: 'FAILED', failReason: 'photo_pull_failed' }];
    const first = await connector.publisher.publish(segment({ media: items }), grant, mediaFrom({ p1: photo }), ACCOUNT);
    const again = await connector.publisher.publish(
      segment({ media: items, checkpoint: (first as { checkpoint: string }).checkpoint }),
      grant,
      mediaFrom({ p1: photo }),
      ACCOUNT,
    );
    expect(again.kind).to.equal('processing');
    expect(fake.requestsTo('POST', '/v2/post/publish/content/init/')).to.equal(2);
  });

  it('no media: rejected before anything is sent (a TikTok post is a video or photos)', async () => {
    const outcome = await connector.publisher.publish(segment({ media: [] }), grant, mediaFrom({}), ACCOUNT);
    expect(outcome).to.deep.equal({ kind: 'rejected', reason: 'a TikTok post needs a video or photos' });
    expect(fake.received).to.have.length(0);
  });

  it('a later segment: rejected (TikTok has no comments API)', async () => {
    const outcome = await connector.publisher.publish(segment({ segmentIndex: 1, segmentCount: 2 }), grant, mediaFrom({}), ACCOUNT);
    expect(outcome.kind).to.equal('rejected');
    expect(fake.received).to.have.length(0);
  });
});
