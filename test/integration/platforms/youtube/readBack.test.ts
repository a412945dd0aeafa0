import { expect } from 'chai';
import { ReadBack } from '../../../../application/publishing/ReadBack';
import { randomContent } from '../../../support/byteStreams';
import { YouTubeFake } from '../../../support/fakes/youtubeFake';
import { FixedClock } from '../../../support/fixedClock';
import { readBackScenarios } from '../../../support/readBackScenarios';
import { NOW, accountOf, comment, connectorFor, grantFrom, mediaOf, segment } from './youtubeTestKit';

const AN_HOUR_AGO = new Date(NOW.getTime() - 3_600_000);
const A_MINUTE_AGO = new Date(NOW.getTime() - 60_000);

describe('YouTube connector: reading the channel back (its uploads playlist, a video’s comments)', () => {
  let fake: YouTubeFake;
  beforeEach(async () => {
    fake = await YouTubeFake.start();
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  async function publishedVideo(text: string, at: Date): Promise<string> {
    fake.state.now = () => at;
    const outcome = await connectorFor(fake).publisher.publish(segment({ text }), grantFrom(fake.tokens()), mediaOf(randomContent(1000)), accountOf(fake));
    if (outcome.kind !== 'published') throw new Error(`expected published, got ${outcome.kind}`);
    return outcome.platformPostId;
  }

  it('lists the channel’s uploads since a time, the description as what was sent, with its time, one video and its page', async () => {
    await publishedVideo('An hour ago', AN_HOUR_AGO);
    const videoId = await publishedVideo('Just now <b>bold</b>\nsecond line', NOW);
    const connector = connectorFor(fake);
    const read = await connector.reader.recentPosts({ account: accountOf(fake), grant: grantFrom(fake.tokens()), since: A_MINUTE_AGO, replyTo: null });
    expect(read).to.deep.equal({
      ok: true,
      posts: [
        {
          platformPostId: videoId,
          platformPostUrl: `https://www.youtube.com/watch?v=${videoId}`,
          text: 'Just now <b>bold</b>\nsecond line',
          createdAt: NOW,
          mediaCount: 1,
          replyToPlatformPostId: null,
        },
      ],
    });
    const playlist = fake.received.find((r) => r.path === '/youtube/v3/playlistItems');
    expect(playlist?.query.get('playlistId')).to.equal('UUdispatch0000000000000a');
    expect(fake.received.find((r) => r.path === '/youtube/v3/videos' && r.method === 'GET')?.query.get('id')).to.equal(videoId);
  });

  it('lists the channel’s own comments on the video a later segment answers, not another viewer’s', async () => {
    const videoId = await publishedVideo('The video', AN_HOUR_AGO);
    const connector = connectorFor(fake);
    const grant = grantFrom(fake.tokens());
    await connector.publisher.publish(comment(videoId, 'An hour ago'), grant, mediaOf(Buffer.alloc(0)), accountOf(fake));
    fake.state.now = () => NOW;
    const mine = await connector.publisher.publish(comment(videoId, 'Changelog below'), grant, mediaOf(Buffer.alloc(0)), accountOf(fake));
    if (mine.kind !== 'published') throw new Error(`expected published, got ${mine.kind}`);
    const threadId = mine.platformPostId.split('/')[1];
    fake.state.commentThreads.push({
      id: 'UgzViewer',
      channelId: fake.state.channels[0]!.id,
      videoId,
      authorChannelId: 'UCviewer',
      text: 'Changelog below',
      publishedAt: NOW,
    });
    const read = await connector.reader.recentPosts({ account: accountOf(fake), grant, since: A_MINUTE_AGO, replyTo: videoId });
    expect(read).to.deep.equal({
      ok: true,
      posts: [
        {
          platformPostId: `${videoId}/${threadId}`,
          platformPostUrl: `https://www.youtube.com/watch?v=${videoId}&lc=${threadId}`,
          text: 'Changelog below',
          createdAt: NOW,
          mediaCount: 0,
        },
      ],
    });
    const asked = fake.received.find((r) => r.path === '/youtube/v3/commentThreads' && r.method === 'GET');
    expect(Object.fromEntries(asked?.query ?? [])).to.include({ videoId, order: 'time', textFormat: 'plainText' });
  });

  it('reads the comments under the video a comment’s own id names', async () => {
    const videoId = await publishedVideo('The video', NOW);
    const connector = connectorFor(fake);
    const grant = grantFrom(fake.tokens());
    const first = await connector.publisher.publish(comment(videoId, 'One'), grant, mediaOf(Buffer.alloc(0)), accountOf(fake));
    if (first.kind !== 'published') throw new Error(`expected published, got ${first.kind}`);
    await connector.publisher.publish(comment(first.platformPostId, 'Two', 2), grant, mediaOf(Buffer.alloc(0)), accountOf(fake));
    const read = await connector.reader.recentPosts({ account: accountOf(fake), grant, since: A_MINUTE_AGO, replyTo: first.platformPostId });
    expect(read.ok && read.posts.map((p) => p.text)).to.deep.equal(['Two', 'One']);
  });

  it('a video whose upload was cut off with its worker is settled by its description: found, or nothing posted once two minutes have passed', async () => {
    const videoId = await publishedVideo('Shipping Dispatch 1.0\nWhat changed, and why.', NOW);
    const connector = connectorFor(fake);
    const clock = new FixedClock(NOW);
    const state = { sentFrom: A_MINUTE_AGO, sentUntil: NOW, reason: 'the worker stopped before recording what the platform said' };
    const settle = (text: string) => new ReadBack(clock).settle(segment({ text }), state, connector.reader, accountOf(fake), grantFrom(fake.tokens()));
    expect(await settle('Shipping Dispatch 1.0\nWhat changed, and why.')).to.deep.equal({
      kind: 'published',
      platformPostId: videoId,
      platformPostUrl: `https://www.youtube.com/watch?v=${videoId}`,
      postedAt: NOW,
      readBack: true,
    });
    clock.advanceSeconds(connector.reader.visibleWithinSeconds);
    expect(await settle('Another video')).to.deep.include({ kind: 'notPosted' });
  });

  it('says why a read failed, in YouTube’s words; a connection without its channel id is asked to reconnect', async () => {
    const connector = connectorFor(fake);
    const grant = grantFrom(fake.tokens());
    fake.answerNext('youtube.channels.list', { kind: 'quotaExceeded' });
    const read = await connector.reader.recentPosts({ account: accountOf(fake), grant, since: NOW, replyTo: null });
    expect(read).to.deep.equal({
      ok: false,
      reason: 'YouTube: The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>. (quotaExceeded)',
    });
    const unknown = await connector.reader.recentPosts({ account: { ...accountOf(fake), accountId: null }, grant, since: NOW, replyTo: null });
    expect(unknown).to.deep.equal({ ok: false, reason: 'the connection does not know its YouTube channel: connect it again' });
  });
});

/** A video, then a comment whose answer is lost: the video resumes on its upload session; the comment is read back. */
readBackScenarios('YouTube', async () => {
  const fake = await YouTubeFake.start();
  const channel = fake.state.channels[0]!;
  return {
    platform: 'YOUTUBE',
    connector: connectorFor(fake, { now: () => new Date() }),
    grant: grantFrom(fake.tokens()),
    account: { accountId: channel.id, handle: channel.customUrl },
    leading: ['Shipping Dispatch 1.0\nThe video the comment is on'],
    useClock: (now) => {
      fake.state.now = now;
    },
    loseAnswerAfterPosting: () => fake.answerNext('youtube.commentThreads.insert', { kind: 'actThenDrop' }),
    loseRequest: () => fake.answerNext('youtube.commentThreads.insert', { kind: 'dropBeforeRecording' }),
    failNextRead: () => fake.answerNext('youtube.commentThreads.list', { kind: 'serverError' }),
    posts: () => fake.state.commentThreads.length,
    urlOf: (id) => `https://www.youtube.com/watch?v=${id}`,
    stop: () => fake.stop().then(() => fake.expectNoViolations()),
  };
});
