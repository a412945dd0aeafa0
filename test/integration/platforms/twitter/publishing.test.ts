import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type TwitterConnector } from '../../../../adapters/outbound/platforms/twitter/TwitterConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { TwitterFake } from '../../../support/fakes/twitterFake';
import { parseMultipart, partNamed } from '../../../support/fakes/kit/multipartForm';
import { makePng } from '../../../support/mediaFiles';
import { NO_MEDIA, NOW, connectorFor, grantFrom, mediaFrom, segment } from './twitterTestKit';

describe('Twitter connector: publishing against a local X', () => {
  let fake: TwitterFake;
  let connector: TwitterConnector;
  let grant: OAuth2Grant;
  let dir: string;

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'twitter-'));
  });
  after(() => fs.rm(dir, { recursive: true, force: true }));

  beforeEach(async () => {
    fake = await TwitterFake.start();
    connector = connectorFor(fake);
    grant = grantFrom(fake.tokens());
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('posts a text tweet with the Bearer token; X names no username, so the URL names the post alone', async () => {
    const outcome = await connector.publisher.publish(segment(), grant, NO_MEDIA, UNNAMED_ACCOUNT);
    const [tweet] = fake.state.tweets;
    expect(outcome).to.deep.equal({
      kind: 'published',
      platformPostId: tweet.id,
      platformPostUrl: `https://x.com/i/web/status/${tweet.id}`,
      postedAt: NOW,
      statusCode: 201,
    });
    expect(tweet.body).to.deep.equal({ text: 'Shipping Dispatch 1.0' });
    const sent = fake.received.find((r) => r.path === '/2/tweets');
    expect(sent?.headers.authorization).to.equal(`Bearer ${grant.accessToken}`);
    expect(sent?.headers['content-type']).to.match(/^application\/json/);
  });

  it('with the account’s username, the URL is x.com/{username}/status/{id}', async () => {
    const account = { accountId: '2244994945', handle: 'ada_dispatch', publishAs: null };
    const outcome = await connector.publisher.publish(segment(), grant, NO_MEDIA, account);
    if (outcome.kind !== 'published') throw new Error(outcome.kind);
    expect(outcome.platformPostUrl).to.equal(`https://x.com/ada_dispatch/status/${outcome.platformPostId}`);
  });

  it('maps who may reply to reply_settings: following, mentioned → mentionedUsers, everyone left to X’s default', async () => {
    for (const [restriction, text] of [
      ['following', 'one'],
      ['mentioned', 'two'],
      ['everyone', 'three'],
    ] as const) {
      const settings = { platform: 'TWITTER' as const, values: { replyRestriction: restriction } };
      expect((await connector.publisher.publish(segment({ text, settings }), grant, NO_MEDIA, UNNAMED_ACCOUNT)).kind).to.equal('published');
    }
    expect(fake.state.tweets.map((t) => t.body)).to.deep.equal([
      { text: 'one', reply_settings: 'following' },
      { text: 'two', reply_settings: 'mentionedUsers' },
      { text: 'three' },
    ]);
  });

  it('uploads images (the bytes X got are the file, as tweet_image) and names their media ids', async () => {
    const files = { a: await makePng(dir, 8, 8, 'a.png'), b: await makePng(dir, 9, 9, 'b.png') };
    const media = [
      { id: 'a', altText: null, thumbnailTimestamp: null },
      { id: 'b', altText: null, thumbnailTimestamp: null },
    ];
    const outcome = await connector.publisher.publish(segment({ media }), grant, mediaFrom(files), UNNAMED_ACCOUNT);
    expect(outcome.kind, JSON.stringify(outcome)).to.equal('published');
    const [a, b] = [...fake.state.media.values()];
    expect(a.bytes?.equals(await fs.readFile(files.a))).to.equal(true);
    expect(b.bytes?.equals(await fs.readFile(files.b))).to.equal(true);
    expect([a.category, a.mediaType]).to.deep.equal(['tweet_image', 'image/png']);
    expect(fake.state.tweets[0].body.media).to.deep.equal({ media_ids: [a.id, b.id] });
    const upload = fake.received.find((r) => r.path === '/2/media/upload');
    expect(upload?.headers.authorization).to.equal(`Bearer ${grant.accessToken}`);
    const form = parseMultipart(String(upload?.headers['content-type']), upload?.body ?? Buffer.alloc(0));
    expect(partNamed(form, 'media_category')?.value.toString()).to.equal('tweet_image');
  });

  it('gives an image its alt text (POST /2/media/metadata) before the tweet names it', async () => {
    const file = await makePng(dir, 8, 8, 'alt.png');
    const media = [{ id: 'm', altText: 'A blue square', thumbnailTimestamp: null }];
    expect((await connector.publisher.publish(segment({ media }), grant, mediaFrom({ m: file }), UNNAMED_ACCOUNT)).kind).to.equal('published');
    const [image] = [...fake.state.media.values()];
    expect(image.altText).to.equal('A blue square');
    const order = fake.received.map((r) => r.path);
    expect(order.indexOf('/2/media/metadata')).to.be.lessThan(order.indexOf('/2/tweets'));
  });

  it('posts a thread: segments 2 and 3 reply to the tweet before; who may reply is set on the first', async () => {
    const settings = { platform: 'TWITTER' as const, values: { replyRestriction: 'following' as const } };
    const first = await connector.publisher.publish(segment({ segmentCount: 3, settings }), grant, NO_MEDIA, UNNAMED_ACCOUNT);
    if (first.kind !== 'published') throw new Error(first.kind);
    const second = await connector.publisher.publish(
      segment({ text: 'More details', segmentIndex: 1, segmentCount: 3, replyToPlatformPostId: first.platformPostId, settings }),
      grant,
      NO_MEDIA,
      UNNAMED_ACCOUNT,
    );
    if (second.kind !== 'published') throw new Error(second.kind);
    const third = await connector.publisher.publish(
      segment({ text: 'The end', segmentIndex: 2, segmentCount: 3, replyToPlatformPostId: second.platformPostId, settings }),
      grant,
      NO_MEDIA,
      UNNAMED_ACCOUNT,
    );
    if (third.kind !== 'published') throw new Error(third.kind);
    expect(fake.state.tweets.map((t) => t.body)).to.deep.equal([
      { text: 'Shipping Dispatch 1.0', reply_settings: 'following' },
      { text: 'More details', reply: { in_reply_to_tweet_id: first.platformPostId } },
      { text: 'The end', reply: { in_reply_to_tweet_id: second.platformPostId } },
    ]);
  });

  it('a reply without the tweet before it is refused before anything is sent', async () => {
    const outcome = await connector.publisher.publish(segment({ segmentIndex: 1, segmentCount: 2 }), grant, NO_MEDIA, UNNAMED_ACCOUNT);
    expect(outcome.kind).to.equal('rejected');
    expect(fake.received).to.have.length(0);
  });
});
