import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import { expect } from 'chai';
import { threadsConnector } from '../../../../adapters/outbound/platforms/threads/ThreadsConnector';
import { type Script } from '../../../support/fakes/kit/scriptedAnswers';
import { ThreadsFake } from '../../../support/fakes/threadsFake';
import { SERVER_ERROR } from '../../../support/fakes/threadsFakeAnswers';
import { DEFAULT_NOW } from '../../../support/fixedClock';
import { readBackScenarios } from '../../../support/readBackScenarios';
import { DAY_MS, MEDIA, NOW, accountOf, connectorFor, expectKind, grantFrom, item, segment } from './threadsTestKit';

describe('Threads connector: reading the profile back (GET /{user-id}/threads, /{user-id}/replies)', () => {
  let fake: ThreadsFake;
  beforeEach(async () => {
    fake = await ThreadsFake.start();
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('lists the profile’s posts since a time, newest first, with their time, media count and permalink', async () => {
    const connector = connectorFor(fake);
    const grant = grantFrom(fake.longLivedToken());
    fake.state.now = () => new Date(NOW.getTime() - 3_600_000);
    await connector.publisher.publish(segment({ text: 'An hour ago' }), grant, MEDIA, UNNAMED_ACCOUNT);
    fake.state.now = () => NOW;
    const text = expectKind(await connector.publisher.publish(segment({ text: 'Just now' }), grant, MEDIA, UNNAMED_ACCOUNT), 'published');
    const carousel = expectKind(
      await connector.publisher.publish(segment({ text: 'Two', media: [item('image-1'), item('image-2')] }), grant, MEDIA, UNNAMED_ACCOUNT),
      'published',
    );
    const since = new Date(NOW.getTime() - 60_000);
    const read = await connector.reader.recentPosts({ account: accountOf(fake), grant, since, replyTo: null });
    expect(read).to.deep.equal({
      ok: true,
      posts: [
        {
          platformPostId: carousel.platformPostId,
          platformPostUrl: carousel.platformPostUrl,
          text: 'Two',
          createdAt: NOW,
          mediaCount: 2,
          replyToPlatformPostId: null,
        },
        {
          platformPostId: text.platformPostId,
          platformPostUrl: text.platformPostUrl,
          text: 'Just now',
          createdAt: NOW,
          mediaCount: 0,
          replyToPlatformPostId: null,
        },
      ],
    });
    const [params] = fake.paramsTo(`/v1.0/${fake.state.user.id}/threads`);
    expect(params).to.deep.include({ since: String(since.getTime() / 1000), fields: 'id,text,timestamp,permalink,media_type,children' });
  });

  it('a reply is read among the profile’s replies, naming the post it answers', async () => {
    const connector = connectorFor(fake);
    const grant = grantFrom(fake.longLivedToken());
    const first = expectKind(await connector.publisher.publish(segment({ segmentCount: 2 }), grant, MEDIA, UNNAMED_ACCOUNT), 'published');
    const reply = segment({ text: 'and more', segmentIndex: 1, segmentCount: 2, replyToPlatformPostId: first.platformPostId });
    const second = expectKind(await connector.publisher.publish(reply, grant, MEDIA, UNNAMED_ACCOUNT), 'published');
    const read = await connector.reader.recentPosts({ account: accountOf(fake), grant, since: NOW, replyTo: first.platformPostId });
    expect(read).to.deep.equal({
      ok: true,
      posts: [
        {
          platformPostId: second.platformPostId,
          platformPostUrl: second.platformPostUrl,
          text: 'and more',
          createdAt: NOW,
          mediaCount: 0,
          replyToPlatformPostId: first.platformPostId,
        },
      ],
    });
  });

  it('a connection made before threads_read_replies was asked for: replies cannot be read, say to connect again, no call made', async () => {
    const connector = connectorFor(fake);
    const older = ['threads_basic', 'threads_content_publish', 'threads_manage_replies'];
    const grant = grantFrom(fake.longLivedToken(0, older), 50 * DAY_MS, older);
    const read = await connector.reader.recentPosts({ account: accountOf(fake), grant, since: NOW, replyTo: '1784000000' });
    expect(read).to.deep.equal({
      ok: false,
      reason: 'the connection was made before Dispatch asked Threads for threads_read_replies: connect it again to read replies back',
    });
    expect(fake.received).to.have.length(0);
    expect((await connector.reader.recentPosts({ account: accountOf(fake), grant, since: NOW, replyTo: null })).ok, 'its posts still read').to.equal(true);
  });

  it('says why a read failed, in Threads’ words', async () => {
    const connector = connectorFor(fake);
    fake.answerNext('threads.user.threads', SERVER_ERROR);
    const read = await connector.reader.recentPosts({ account: accountOf(fake), grant: grantFrom(fake.longLivedToken()), since: NOW, replyTo: null });
    expect(read).to.deep.equal({ ok: false, reason: 'Threads: An unexpected error has occurred. Please retry your request later. (#2)' });
  });
});

/** The fake and a connection's grant on the engine's clock, which starts at DEFAULT_NOW. */
async function threadsWorld() {
  const fake = await ThreadsFake.start();
  fake.state.now = () => new Date(DEFAULT_NOW);
  const token = fake.longLivedToken();
  const expiresAt = new Date(new Date(DEFAULT_NOW).getTime() + 50 * DAY_MS);
  const grant = {
    kind: 'oauth2' as const,
    accessToken: token,
    refreshToken: null,
    accessExpiresAt: expiresAt,
    refreshExpiresAt: expiresAt,
    scopes: grantFrom(token).scopes,
  };
  return {
    fake,
    platform: 'THREADS' as const,
    connector: threadsConnector({ clientId: fake.state.clientId, clientSecret: fake.state.clientSecret, apiBaseUrl: fake.baseUrl, timeoutMs: 5_000 }),
    grant,
    account: { accountId: fake.state.user.id, handle: fake.state.user.username },
    useClock: (now: () => Date) => {
      fake.state.now = now;
    },
    urlOf: (id: string) => fake.state.posts.find((p) => p.id === id)?.permalink ?? `no post ${id}`,
    stop: () => fake.stop().then(() => fake.expectNoViolations()),
  };
}

readBackScenarios('Threads', async () => {
  const { fake, ...world } = await threadsWorld();
  return {
    ...world,
    loseAnswerAfterPosting: () => fake.answerNext('threads.publish', { kind: 'actThenDrop' }),
    loseRequest: () => fake.answerNext('threads.publish', { kind: 'dropBeforeRecording' }),
    failNextRead: () => fake.answerNext('threads.user.threads', SERVER_ERROR),
    posts: () => fake.state.posts.length,
  };
});

readBackScenarios('Threads (a reply, read among the profile’s replies)', async () => {
  const { fake, ...world } = await threadsWorld();
  // The thread's first post publishes as it should; what is armed here befalls the reply's threads_publish.
  const afterFirstPost = (script: Script) => {
    fake.state.afterPublish = () => {
      fake.state.afterPublish = () => undefined;
      fake.answerNext('threads.publish', script);
    };
  };
  return {
    ...world,
    leading: ['The thread begins'],
    loseAnswerAfterPosting: () => afterFirstPost({ kind: 'actThenDrop' }),
    loseRequest: () => afterFirstPost({ kind: 'dropBeforeRecording' }),
    failNextRead: () => fake.answerNext('threads.user.replies', SERVER_ERROR),
    posts: () => fake.state.posts.filter((p) => p.params.reply_to_id !== undefined).length,
  };
});
