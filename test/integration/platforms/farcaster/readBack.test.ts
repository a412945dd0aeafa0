import { expect } from 'chai';
import { NeynarFake } from '../../../support/fakes/neynarFake';
import { readBackScenarios } from '../../../support/readBackScenarios';
import { NOW } from '../../../support/platformTestKit';
import { LINKED_MEDIA, approvedGrant, connectorFor, segment } from './farcasterTestKit';

describe('Farcaster connector: reading the account back (GET /v2/farcaster/feed/user/casts/)', () => {
  let fake: NeynarFake;
  beforeEach(async () => {
    fake = await NeynarFake.start();
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('lists the account’s casts since a time, replies among them, with their time, embeds, parent and address', async () => {
    const connector = connectorFor(fake);
    const grant = await approvedGrant(fake, connector);
    const account = { accountId: String(grant.fid), handle: grant.username, publishAs: null };
    fake.state.now = () => new Date(NOW.getTime() - 3_600_000);
    await connector.publisher.publish(segment({ text: 'An hour ago', idempotencyKey: 'target-0:0:1' }), grant, LINKED_MEDIA, account);
    fake.state.now = () => NOW;
    const media = [{ id: 'img-1', altText: null, thumbnailTimestamp: null }];
    const first = await connector.publisher.publish(segment({ text: 'Just now', media }), grant, LINKED_MEDIA, account);
    if (first.kind !== 'published') throw new Error(JSON.stringify(first));
    const reply = segment({
      text: 'and a reply',
      segmentIndex: 1,
      segmentCount: 2,
      replyToPlatformPostId: first.platformPostId,
      idempotencyKey: 'target-1:1:1',
    });
    const second = await connector.publisher.publish(reply, grant, LINKED_MEDIA, account);
    if (second.kind !== 'published') throw new Error(JSON.stringify(second));

    const read = await connector.reader.recentPosts({ account, grant, since: new Date(NOW.getTime() - 60_000), replyTo: first.platformPostId });
    expect(read).to.deep.equal({
      ok: true,
      posts: [
        {
          platformPostId: second.platformPostId,
          platformPostUrl: second.platformPostUrl,
          text: 'and a reply',
          createdAt: NOW,
          mediaCount: 0,
          replyToPlatformPostId: first.platformPostId,
        },
        {
          platformPostId: first.platformPostId,
          platformPostUrl: first.platformPostUrl,
          text: 'Just now',
          createdAt: NOW,
          mediaCount: 1,
          replyToPlatformPostId: null,
        },
      ],
    });
    const sent = fake.received.find((r) => r.method === 'GET' && r.path === '/v2/farcaster/feed/user/casts/');
    expect(Object.fromEntries(sent?.query ?? [])).to.deep.equal({ fid: '4242', limit: '150', include_replies: 'true' });
    expect(sent?.headers['x-api-key']).to.equal(fake.state.apiKey);
  });

  it('says why a read failed, in Neynar’s words', async () => {
    const connector = connectorFor(fake);
    const grant = await approvedGrant(fake, connector);
    fake.answerNext('fetch-casts-for-user', { kind: 'serverError' });
    const account = { accountId: String(grant.fid), handle: grant.username, publishAs: null };
    const read = await connector.reader.recentPosts({ account, grant, since: NOW, replyTo: null });
    expect(read).to.deep.equal({ ok: false, reason: 'Neynar: Internal server error (InternalServerError)' });
  });
});

readBackScenarios('Farcaster', async () => {
  const fake = await NeynarFake.start();
  const connector = connectorFor(fake, { now: () => new Date() });
  const grant = await approvedGrant(fake, connector);
  return {
    platform: 'FARCASTER',
    connector,
    grant,
    account: { accountId: String(grant.fid), handle: grant.username },
    useClock: (now) => {
      fake.state.now = now;
    },
    loseAnswerAfterPosting: () => fake.answerNext('publish-cast', { kind: 'actThenDrop' }),
    loseRequest: () => fake.answerNext('publish-cast', { kind: 'dropBeforeRecording' }),
    failNextRead: () => fake.answerNext('fetch-casts-for-user', { kind: 'serverError' }),
    posts: () => fake.state.casts.length,
    urlOf: (hash) => `https://warpcast.com/${grant.username}/${hash.slice(0, 10)}`,
    stop: () => fake.stop().then(() => fake.expectNoViolations()),
  };
});
