import { expect } from 'chai';
import { type InstagramConnector } from '../../../../adapters/outbound/platforms/instagram/InstagramConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { InstagramFake } from '../../../support/fakes/instagramFake';
import { type ServedMediaAccess } from '../../../support/servedMediaAccess';
import { ACCOUNT, connectorFor, grantFrom, NOW, segment, servedMedia } from './instagramTestKit';

const paramsOf = (fake: InstagramFake, id: string) => fake.state.containers.get(id)?.params;

describe('Instagram connector: publishing against a local Instagram', () => {
  let fake: InstagramFake;
  let connector: InstagramConnector;
  let grant: OAuth2Grant;
  let media: ServedMediaAccess;

  beforeEach(async () => {
    fake = await InstagramFake.start();
    connector = connectorFor(fake, { processingRecheckSeconds: 20 });
    grant = grantFrom(fake.longLivedToken());
    media = await servedMedia();
  });
  afterEach(async () => {
    await media.stop();
    await fake.stop();
    fake.expectNoViolations();
  });

  it('an image post: a container Instagram fetched the JPEG for, FINISHED, published, with its permalink', async () => {
    const outcome = await connector.publisher.publish(segment(), grant, media, ACCOUNT);
    const [post] = fake.state.media;
    expect(outcome).to.deep.equal({ kind: 'published', platformPostId: post.id, platformPostUrl: post.permalink, postedAt: NOW, statusCode: 200 });
    const container = fake.state.containers.get(post.containerId);
    expect(container?.params).to.deep.equal({ image_url: await media.link('photo'), caption: 'Shipping Dispatch 1.0 #launch', alt_text: 'A blue square' });
    expect(container?.fetched?.contentType).to.equal('image/jpeg');
    expect(media.fetched).to.deep.equal(['photo']);
    expect(fake.requestsEndingWith('POST', '/media_publish')).to.equal(1);
    expect(fake.received.find((r) => r.path.endsWith('/media_publish'))?.query.get('creation_id')).to.equal(post.containerId);
  });

  it('a reel: IN_PROGRESS answers processing with the container as checkpoint; the next call publishes it', async () => {
    fake.state.videoChecksBeforeFinished = 1;
    const settings = {
      platform: 'INSTAGRAM' as const,
      values: { shareToFeed: false, shareToStory: false, trialReels: true, graduationStrategy: 'SS_PERFORMANCE' as const },
    };
    const reel = segment({ settings, media: [{ id: 'clip', altText: null, thumbnailTimestamp: 1.5 }] });
    const first = await connector.publisher.publish(reel, grant, media, ACCOUNT);
    if (first.kind !== 'processing') throw new Error(JSON.stringify(first));
    const [containerId] = [...fake.state.containers.keys()];
    expect(first).to.deep.equal({
      kind: 'processing',
      afterSeconds: 20,
      checkpoint: `container:${containerId}`,
      reason: 'Instagram is still processing the media',
    });
    expect(paramsOf(fake, containerId)).to.deep.equal({
      media_type: 'REELS',
      video_url: await media.link('clip'),
      caption: 'Shipping Dispatch 1.0 #launch',
      share_to_feed: 'false',
      trial_params: '{"graduation_strategy":"SS_PERFORMANCE"}',
      thumb_offset: '1500',
    });
    expect(fake.state.containers.get(containerId)?.fetched?.contentType).to.equal('video/mp4');
    expect(fake.requestsEndingWith('POST', '/media_publish')).to.equal(0);

    const second = await connector.publisher.publish({ ...reel, checkpoint: first.checkpoint }, grant, media, ACCOUNT);
    expect(second).to.deep.include({ kind: 'published', platformPostId: fake.state.media[0].id });
    expect(fake.state.containers.size).to.equal(1);
  });

  it('a carousel of two images: two items, then the carousel container with the caption, published', async () => {
    const twoPhotos = segment({
      media: [
        { id: 'photo', altText: 'first', thumbnailTimestamp: null },
        { id: 'photo2', altText: null, thumbnailTimestamp: null },
      ],
    });
    const outcome = await connector.publisher.publish(twoPhotos, grant, media, ACCOUNT);
    expect(outcome.kind, JSON.stringify(outcome)).to.equal('published');
    const [first, second, carousel] = [...fake.state.containers.values()];
    expect(first.params).to.deep.equal({ image_url: await media.link('photo'), is_carousel_item: 'true', alt_text: 'first' });
    expect(second.params).to.deep.equal({ image_url: await media.link('photo2'), is_carousel_item: 'true' });
    expect(carousel.params).to.deep.equal({ media_type: 'CAROUSEL', children: `${first.id},${second.id}`, caption: 'Shipping Dispatch 1.0 #launch' });
    expect(fake.state.media[0].containerId).to.equal(carousel.id);
  });

  it('segments 2 and 3 become comments on the first segment’s post', async () => {
    const post = await connector.publisher.publish(segment({ segmentCount: 3 }), grant, media, ACCOUNT);
    if (post.kind !== 'published') throw new Error(JSON.stringify(post));
    const comment = (text: string, index: number, replyTo: string) =>
      connector.publisher.publish(segment({ text, media: [], segmentIndex: index, segmentCount: 3, replyToPlatformPostId: replyTo }), grant, media, ACCOUNT);
    const second = await comment('More details', 1, post.platformPostId);
    if (second.kind !== 'published') throw new Error(JSON.stringify(second));
    const third = await comment('The end', 2, second.platformPostId);
    if (third.kind !== 'published') throw new Error(JSON.stringify(third));
    expect(fake.state.comments.map((c) => [c.mediaId, c.message])).to.deep.equal([
      [post.platformPostId, 'More details'],
      [post.platformPostId, 'The end'],
    ]);
    expect(third.platformPostId).to.equal(`${post.platformPostId}:comment:${fake.state.comments[1].id}`);
    expect(third.platformPostUrl).to.equal(post.platformPostUrl);
  });

  it('a container that ends in ERROR: rejected with Instagram’s status', async () => {
    fake.state.nextVideoError = 'Error: Media upload has failed with error code 2207026';
    const reel = segment({ media: [{ id: 'clip', altText: null, thumbnailTimestamp: null }] });
    const first = await connector.publisher.publish(reel, grant, media, ACCOUNT);
    if (first.kind !== 'processing') throw new Error(JSON.stringify(first));
    const second = await connector.publisher.publish({ ...reel, checkpoint: first.checkpoint }, grant, media, ACCOUNT);
    expect(second).to.deep.equal({ kind: 'rejected', reason: 'Instagram could not process the media: Error: Media upload has failed with error code 2207026' });
    expect(fake.state.media).to.have.length(0);
  });

  it('publishes on the connection’s own account id, without asking who the account is; a connection that never learned it asks (GET /me)', async () => {
    await connector.publisher.publish(segment(), grant, media, ACCOUNT);
    expect(fake.requestsEndingWith('GET', '/me')).to.equal(0);
    const outcome = await connector.publisher.publish(segment({ text: 'Second' }), grant, media, { ...ACCOUNT, accountId: null });
    expect(outcome.kind).to.equal('published');
    expect(fake.requestsEndingWith('GET', '/me')).to.equal(1);
  });
});
