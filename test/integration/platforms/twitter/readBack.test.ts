import { expect } from 'chai';
import { TwitterFake } from '../../../support/fakes/twitterFake';
import { xError } from '../../../support/fakes/twitterFakeAnswers';
import { readBackScenarios } from '../../../support/readBackScenarios';
import { NO_MEDIA, NOW, connectorFor, grantFrom, segment } from './twitterTestKit';

describe('Twitter connector: reading the account back (GET /2/users/{id}/tweets)', () => {
  let fake: TwitterFake;
  beforeEach(async () => {
    fake = await TwitterFake.start();
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('lists the account’s tweets since a time, newest first, with their time, media and page', async () => {
    const connector = connectorFor(fake);
    const grant = grantFrom(fake.tokens());
    const account = { accountId: fake.state.user.id, handle: fake.state.user.username, publishAs: null };
    fake.state.now = () => new Date(NOW.getTime() - 3_600_000);
    await connector.publisher.publish(segment({ text: 'An hour ago' }), grant, NO_MEDIA, account);
    fake.state.now = () => NOW;
    const published = await connector.publisher.publish(segment({ text: 'Just now' }), grant, NO_MEDIA, account);
    if (published.kind !== 'published') throw new Error(published.kind);
    const read = await connector.reader.recentPosts({ account, grant, since: new Date(NOW.getTime() - 60_000), replyTo: null });
    expect(read).to.deep.equal({
      ok: true,
      posts: [{ platformPostId: published.platformPostId, platformPostUrl: published.platformPostUrl, text: 'Just now', createdAt: NOW, mediaCount: 0 }],
    });
    const sent = fake.received.find((r) => r.path.endsWith('/tweets') && r.method === 'GET');
    expect(sent?.query.get('start_time')).to.equal(new Date(NOW.getTime() - 60_000).toISOString());
  });

  it('says why a read failed, in X’s words', async () => {
    const connector = connectorFor(fake);
    fake.answerNext('getUsersPosts', { kind: 'answer', answer: xError(503, 130, 'Service Unavailable') });
    const account = { accountId: fake.state.user.id, handle: fake.state.user.username, publishAs: null };
    const read = await connector.reader.recentPosts({ account, grant: grantFrom(fake.tokens()), since: NOW, replyTo: null });
    expect(read).to.deep.equal({ ok: false, reason: 'X: Service Unavailable' });
  });
});

readBackScenarios('X', async () => {
  const fake = await TwitterFake.start();
  return {
    platform: 'TWITTER',
    connector: connectorFor(fake, { now: () => new Date() }),
    grant: grantFrom(fake.tokens()),
    account: { accountId: fake.state.user.id, handle: fake.state.user.username },
    useClock: (now) => {
      fake.state.now = now;
    },
    loseAnswerAfterPosting: () => fake.answerNext('createPosts', { kind: 'actThenDrop' }),
    loseRequest: () => fake.answerNext('createPosts', { kind: 'dropBeforeRecording' }),
    failNextRead: () => fake.answerNext('getUsersPosts', { kind: 'answer', answer: xError(503, 130, 'Service Unavailable') }),
    posts: () => fake.state.tweets.length,
    urlOf: (id) => `https://x.com/${fake.state.user.username}/status/${id}`,
    stop: () => fake.stop().then(() => fake.expectNoViolations()),
  };
});
