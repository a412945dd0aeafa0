import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import { expect } from 'chai';
import { type ThreadsConnector } from '../../../../adapters/outbound/platforms/threads/ThreadsConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { ThreadsFake } from '../../../support/fakes/threadsFake';
import { MEDIA, NOW, connectorFor, expectKind, grantFrom, item, segment } from './threadsTestKit';

describe('Threads connector: publishing against a local Threads', () => {
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

  it('publishes a text post: a TEXT container with reply_control mapped, then threads_publish, then its permalink', async () => {
    const settings = { platform: 'THREADS' as const, values: { replyControl: 'following' as const } };
    const outcome = await connector.publisher.publish(segment({ text: 'Hello Threads', settings }), grant, MEDIA, UNNAMED_ACCOUNT);
    const [post] = fake.state.posts;
    expect(outcome).to.deep.equal({ kind: 'published', platformPostId: post.id, platformPostUrl: post.permalink, postedAt: NOW, statusCode: 200 });
    expect(containerParams()).to.deep.equal([
      { media_type: 'TEXT', text: 'Hello Threads', reply_control: 'accounts_you_follow', access_token: grant.accessToken },
    ]);
    expect(fake.paramsTo('/v1.0/me/threads_publish')).to.deep.equal([{ creation_id: post.containerId, access_token: grant.accessToken }]);
    expect(fake.received.map((r) => `${r.method} ${r.path}`)).to.deep.equal([
      'POST /v1.0/me/threads',
      `GET /v1.0/${post.containerId}`,
      'POST /v1.0/me/threads_publish',
      `GET /v1.0/${post.id}`,
    ]);
  });

  it('an image Threads has at once: image_url is the media link, published in the same call', async () => {
    const outcome = await connector.publisher.publish(segment({ text: '', media: [item('image-1')] }), grant, MEDIA, UNNAMED_ACCOUNT);
    expectKind(outcome, 'published');
    expect(containerParams()[0]).to.deep.include({ media_type: 'IMAGE', image_url: 'https://media.example/image-1?sig=abc' });
    expect(containerParams()[0]).to.not.have.property('text');
  });

  it('an image with alt text: alt_text on its container', async () => {
    const media = [{ id: 'image-1', altText: 'A blue square', thumbnailTimestamp: null }];
    expectKind(await connector.publisher.publish(segment({ media }), grant, MEDIA, UNNAMED_ACCOUNT), 'published');
    expect(containerParams()[0]).to.deep.include({ media_type: 'IMAGE', alt_text: 'A blue square' });
  });

  it('an image still IN_PROGRESS: processing with the container as checkpoint; the next call publishes that container', async () => {
    fake.state.imageStartsAs = 'IN_PROGRESS';
    const first = expectKind(await connector.publisher.publish(segment({ media: [item('image-1')] }), grant, MEDIA, UNNAMED_ACCOUNT), 'processing');
    const [container] = fake.state.containers.values();
    expect(first).to.deep.include({ checkpoint: container.id, afterSeconds: 60 });
    expect(fake.requestsTo('POST', '/v1.0/me/threads_publish')).to.equal(0);

    fake.settle(container.id, 'FINISHED');
    const second = expectKind(
      await connector.publisher.publish(segment({ media: [item('image-1')], checkpoint: first.checkpoint }), grant, MEDIA, UNNAMED_ACCOUNT),
      'published',
    );
    expect(fake.state.containers.size).to.equal(1);
    expect(fake.state.posts.map((p) => p.containerId)).to.deep.equal([container.id]);
    expect(second.platformPostId).to.equal(fake.state.posts[0].id);
  });

  it('a thread: segment 2 replies to segment 1, after a look at the profile’s reply quota', async () => {
    const first = expectKind(await connector.publisher.publish(segment({ segmentCount: 2 }), grant, MEDIA, UNNAMED_ACCOUNT), 'published');
    expect(fake.requestsTo('GET', '/v1.0/me/threads_publishing_limit'), 'a post of its own is the engine’s budget').to.equal(0);
    const reply = segment({ text: 'and more', segmentIndex: 1, segmentCount: 2, replyToPlatformPostId: first.platformPostId });
    const second = expectKind(await connector.publisher.publish(reply, grant, MEDIA, UNNAMED_ACCOUNT), 'published');
    expect(containerParams()[1]).to.deep.include({ media_type: 'TEXT', text: 'and more', reply_to_id: first.platformPostId });
    expect(containerParams()[0]).to.not.have.property('reply_to_id');
    expect(second.platformPostId).to.not.equal(first.platformPostId);
    expect(fake.paramsTo('/v1.0/me/threads_publishing_limit')).to.deep.equal([{ fields: 'reply_quota_usage,reply_config', access_token: grant.accessToken }]);
  });

  it('a reply once the profile’s 1,000 replies a day are spent: retry later, no container made (review finding 2)', async () => {
    const first = expectKind(await connector.publisher.publish(segment({ segmentCount: 2 }), grant, MEDIA, UNNAMED_ACCOUNT), 'published');
    fake.state.replyQuotaUsage = 1000;
    const reply = segment({ text: 'and more', segmentIndex: 1, segmentCount: 2, replyToPlatformPostId: first.platformPostId });
    const outcome = await connector.publisher.publish(reply, grant, MEDIA, UNNAMED_ACCOUNT);
    expect(outcome).to.deep.equal({
      kind: 'retryLater',
      afterSeconds: 3600,
      reason: "Threads' reply quota is spent (1000 of 1000 replies in the last 24 hours)",
      statusCode: 200,
    });
    expect(containerParams()).to.have.length(1);
  });

  it('text of 500 characters with emoji counted as their UTF-8 bytes: refused before any call past 500 (review finding 1)', async () => {
    const fits = `${'a'.repeat(496)}😀`;
    expectKind(await connector.publisher.publish(segment({ text: fits }), grant, MEDIA, UNNAMED_ACCOUNT), 'published');
    const tooLong = `${'a'.repeat(490)}😀😀😀`;
    expect([...tooLong].length, 'within 500 code points, as the domain counts').to.be.at.most(500);
    const before = fake.received.length;
    expect(await connector.publisher.publish(segment({ text: tooLong }), grant, MEDIA, UNNAMED_ACCOUNT)).to.deep.equal({
      kind: 'rejected',
      reason: 'Threads counts this text as 502 characters (an emoji as its UTF-8 bytes); it allows 500',
    });
    expect(fake.received).to.have.length(before);
  });
});
