import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import { expect } from 'chai';
import { type ThreadsConnector } from '../../../../adapters/outbound/platforms/threads/ThreadsConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { ThreadsFake } from '../../../support/fakes/threadsFake';
import { MEDIA, connectorFor, expectKind, grantFrom, item, segment } from './threadsTestKit';

describe('Threads connector: containers Threads is processing, across calls', () => {
  let fake: ThreadsFake;
  let connector: ThreadsConnector;
  let grant: OAuth2Grant;

  beforeEach(async () => {
    fake = await ThreadsFake.start();
    connector = connectorFor(fake);
    grant = grantFrom(fake.longLivedToken());
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  const containerParams = () => fake.paramsTo('/v1.0/me/threads');

  it('a video: IN_PROGRESS → processing, still IN_PROGRESS → processing again, FINISHED → published', async () => {
    const video = segment({ media: [item('video-1')] });
    const first = expectKind(await connector.publisher.publish(video, grant, MEDIA, UNNAMED_ACCOUNT), 'processing');
    expect(containerParams()[0]).to.deep.include({ media_type: 'VIDEO', video_url: 'https://media.example/video-1?sig=abc', text: video.text });
    const again = expectKind(await connector.publisher.publish({ ...video, checkpoint: first.checkpoint }, grant, MEDIA, UNNAMED_ACCOUNT), 'processing');
    expect(again.checkpoint).to.equal(first.checkpoint);
    fake.settle(first.checkpoint, 'FINISHED');
    expectKind(await connector.publisher.publish({ ...video, checkpoint: first.checkpoint }, grant, MEDIA, UNNAMED_ACCOUNT), 'published');
    expect(fake.state.containers.size).to.equal(1);
    expect(fake.state.posts).to.have.length(1);
  });

  it('a container Threads could not process: rejected with its error message', async () => {
    const video = segment({ media: [item('video-1')] });
    const first = expectKind(await connector.publisher.publish(video, grant, MEDIA, UNNAMED_ACCOUNT), 'processing');
    fake.settle(first.checkpoint, 'ERROR', 'FAILED_PROCESSING_VIDEO');
    const outcome = await connector.publisher.publish({ ...video, checkpoint: first.checkpoint }, grant, MEDIA, UNNAMED_ACCOUNT);
    expect(outcome).to.deep.equal({ kind: 'rejected', reason: 'Threads could not process the media: FAILED_PROCESSING_VIDEO' });
    expect(fake.state.posts).to.have.length(0);
  });

  it('a checkpointed container already published is never published twice', async () => {
    const video = segment({ media: [item('video-1')] });
    const first = expectKind(await connector.publisher.publish(video, grant, MEDIA, UNNAMED_ACCOUNT), 'processing');
    fake.settle(first.checkpoint, 'FINISHED');
    expectKind(await connector.publisher.publish({ ...video, checkpoint: first.checkpoint }, grant, MEDIA, UNNAMED_ACCOUNT), 'published');
    expectKind(await connector.publisher.publish({ ...video, checkpoint: first.checkpoint }, grant, MEDIA, UNNAMED_ACCOUNT), 'outcomeUnknown');
    expect(fake.state.posts).to.have.length(1);
    expect(fake.requestsTo('POST', '/v1.0/me/threads_publish')).to.equal(1);
  });

  it('an expired container (never published) is made again', async () => {
    const video = segment({ media: [item('video-1')] });
    const first = expectKind(await connector.publisher.publish(video, grant, MEDIA, UNNAMED_ACCOUNT), 'processing');
    fake.settle(first.checkpoint, 'EXPIRED');
    const second = expectKind(await connector.publisher.publish({ ...video, checkpoint: first.checkpoint }, grant, MEDIA, UNNAMED_ACCOUNT), 'processing');
    expect(second.checkpoint).to.not.equal(first.checkpoint);
    expect(fake.state.containers.size).to.equal(2);
  });

  it('several media: carousel items first, then the CAROUSEL container naming them once they are FINISHED', async () => {
    const carousel = segment({ media: [item('image-1'), item('video-2')] });
    const first = expectKind(await connector.publisher.publish(carousel, grant, MEDIA, UNNAMED_ACCOUNT), 'processing');
    const [image, video] = fake.state.containers.values();
    expect(first.checkpoint).to.equal(`carousel-items:${image.id},${video.id}`);
    expect(image.params).to.deep.equal({ media_type: 'IMAGE', image_url: 'https://media.example/image-1?sig=abc', is_carousel_item: 'true' });
    fake.settle(video.id, 'FINISHED');
    const outcome = expectKind(await connector.publisher.publish({ ...carousel, checkpoint: first.checkpoint }, grant, MEDIA, UNNAMED_ACCOUNT), 'published');
    const parent = fake.state.posts[0];
    expect(parent.params).to.deep.include({ media_type: 'CAROUSEL', children: `${image.id},${video.id}`, text: carousel.text });
    expect(outcome.platformPostId).to.equal(parent.id);
  });
});
