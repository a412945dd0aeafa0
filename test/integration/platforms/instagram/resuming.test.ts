import { expect } from 'chai';
import { type InstagramConnector } from '../../../../adapters/outbound/platforms/instagram/InstagramConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { InstagramFake } from '../../../support/fakes/instagramFake';
import { UNEXPECTED } from '../../../support/fakes/kit/metaGraphAnswers';
import { type ServedMediaAccess } from '../../../support/servedMediaAccess';
import { ACCOUNT, connectorFor, grantFrom, segment, servedMedia } from './instagramTestKit';

describe('Instagram connector: resuming a post from its checkpoint', () => {
  let fake: InstagramFake;
  let connector: InstagramConnector;
  let grant: OAuth2Grant;
  let media: ServedMediaAccess;

  beforeEach(async () => {
    fake = await InstagramFake.start();
    connector = connectorFor(fake);
    grant = grantFrom(fake.longLivedToken());
    media = await servedMedia();
  });
  afterEach(async () => {
    await media.stop();
    await fake.stop();
    fake.expectNoViolations();
  });

  it('a carousel with a video: processing with its items as checkpoint, then the carousel is made and published', async () => {
    const mixed = segment({
      media: [
        { id: 'photo', altText: null, thumbnailTimestamp: null },
        { id: 'clip', altText: null, thumbnailTimestamp: null },
      ],
    });
    const first = await connector.publisher.publish(mixed, grant, media, ACCOUNT);
    if (first.kind !== 'processing') throw new Error(JSON.stringify(first));
    const [photoItem, clipItem] = [...fake.state.containers.values()];
    expect(first.checkpoint).to.equal(`carousel-items:${photoItem.id},${clipItem.id}`);
    expect(clipItem.params).to.deep.equal({ media_type: 'VIDEO', video_url: await media.link('clip'), is_carousel_item: 'true' });

    const second = await connector.publisher.publish({ ...mixed, checkpoint: first.checkpoint }, grant, media, ACCOUNT);
    expect(second.kind, JSON.stringify(second)).to.equal('published');
    const carousel = [...fake.state.containers.values()][2];
    expect(carousel.params.children).to.equal(`${photoItem.id},${clipItem.id}`);
    expect(fake.state.media[0].containerId).to.equal(carousel.id);
  });

  it('a container that expired (24 h unpublished): made again and published', async () => {
    const reel = segment({ media: [{ id: 'clip', altText: null, thumbnailTimestamp: null }] });
    fake.state.videoChecksBeforeFinished = 0;
    const stale = [...(await startContainer(reel))][0];
    stale.statusCode = 'EXPIRED';
    const outcome = await connector.publisher.publish({ ...reel, checkpoint: `container:${stale.id}` }, grant, media, ACCOUNT);
    expect(outcome.kind, JSON.stringify(outcome)).to.equal('published');
    expect(fake.state.media[0].containerId).to.not.equal(stale.id);
  });

  it('media_publish says the media is not ready (2207027): processing again, nothing published', async () => {
    fake.answerNext('user.mediaPublish', {
      kind: 'error',
      error: {
        status: 400,
        message: 'Media ID is not available',
        code: 9007,
        subcode: 2207027,
        userMessage: 'The media is not ready for publishing, please wait for a moment',
      },
    });
    const outcome = await connector.publisher.publish(segment(), grant, media, ACCOUNT);
    const [container] = [...fake.state.containers.values()];
    expect(outcome).to.deep.include({ kind: 'processing', checkpoint: `container:${container.id}` });
  });

  /** A container made the way the connector makes it, left unpublished. */
  async function startContainer(reel: ReturnType<typeof segment>) {
    fake.answerNext('user.mediaPublish', { kind: 'error', error: UNEXPECTED });
    await connector.publisher.publish(reel, grant, media, ACCOUNT);
    return fake.state.containers.values();
  }
});
