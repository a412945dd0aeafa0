import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type YouTubeConnector } from '../../../../adapters/outbound/platforms/youtube/YouTubeConnector';
import { type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { randomContent } from '../../../support/byteStreams';
import { YouTubeFake } from '../../../support/fakes/youtubeFake';
import { makeVideo } from '../../../support/mediaFiles';
import { KIB_256, NOW, accountOf, comment, connectorFor, grantFrom, mediaFromFile, mediaOf, segment } from './youtubeTestKit';

describe('YouTube connector: publishing a video and its comments', () => {
  let fake: YouTubeFake;
  let connector: YouTubeConnector;
  let grant: OAuth2Grant;
  let account: PublishingAccount;

  beforeEach(async () => {
    fake = await YouTubeFake.start();
    connector = connectorFor(fake);
    grant = grantFrom(fake.tokens());
    account = accountOf(fake);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('uploads a video file through a resumable session: YouTube gets the file, titled by the first line, privacy and kids from the settings', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'youtube-'));
    const file = await makeVideo(dir, { seconds: 1, width: 64, height: 64, audio: false });
    const outcome = await connector.publisher.publish(segment(), grant, mediaFromFile(file), account);
    const [video] = fake.state.videos;
    expect(outcome).to.deep.equal({
      kind: 'published',
      platformPostId: video.id,
      platformPostUrl: `https://www.youtube.com/watch?v=${video.id}`,
      postedAt: NOW,
      statusCode: 200,
    });
    expect(video.bytes.equals(await fs.readFile(file))).to.equal(true);
    expect(video.snippet).to.deep.equal({ title: 'Shipping Dispatch 1.0', description: 'Shipping Dispatch 1.0\nWhat changed, and why.' });
    expect(video.status).to.deep.equal({ privacyStatus: 'unlisted', selfDeclaredMadeForKids: false });
    const start = fake.received.find((r) => r.method === 'POST' && r.path === '/upload/youtube/v3/videos');
    expect(start?.headers.authorization).to.equal(`Bearer ${grant.accessToken}`);
    expect(start?.headers['x-upload-content-length']).to.equal(String(video.bytes.length));
    expect(start?.headers['x-upload-content-type']).to.equal('video/mp4');
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('sends a larger video in 256 KiB chunks, each PUT naming its byte range', async () => {
    const content = randomContent(2 * KIB_256 + 1000);
    const outcome = await connector.publisher.publish(segment(), grant, mediaOf(content), account);
    expect(outcome.kind).to.equal('published');
    expect(fake.state.videos[0].bytes.equals(content)).to.equal(true);
    const ranges = fake.received.filter((r) => r.method === 'PUT').map((r) => r.headers['content-range']);
    const total = content.length;
    expect(ranges).to.deep.equal([
      `bytes 0-${KIB_256 - 1}/${total}`,
      `bytes ${KIB_256}-${2 * KIB_256 - 1}/${total}`,
      `bytes ${2 * KIB_256}-${total - 1}/${total}`,
    ]);
  });

  it('keeps < and > out of the title and description (YouTube refuses them), and a private, made-for-kids video as set', async () => {
    const settings = { platform: 'YOUTUBE' as const, values: { privacy: 'PRIVATE' as const, madeForKids: true, ageRestriction: false } };
    const outcome = await connector.publisher.publish(segment({ text: '<b>Launch</b> day', settings }), grant, mediaOf(randomContent(1000)), account);
    expect(outcome.kind).to.equal('published');
    expect(fake.state.videos[0].snippet.title).to.equal('＜b＞Launch＜/b＞ day');
    expect(fake.state.videos[0].status).to.deep.equal({ privacyStatus: 'private', selfDeclaredMadeForKids: true });
  });

  it('refuses an age restriction before uploading anything: the API cannot set one', async () => {
    const settings = { platform: 'YOUTUBE' as const, values: { privacy: 'PUBLIC' as const, madeForKids: false, ageRestriction: true } };
    const outcome = await connector.publisher.publish(segment({ settings }), grant, mediaOf(randomContent(1000)), account);
    expect(outcome.kind).to.equal('rejected');
    expect(fake.received).to.have.length(0);
  });

  it('refuses an image, and a text without a video, before sending anything: a YouTube post is one video', async () => {
    const image = await connector.publisher.publish(segment(), grant, mediaOf(randomContent(1000), 'image'), account);
    expect(image).to.deep.equal({ kind: 'rejected', reason: 'YouTube takes videos only' });
    const text = await connector.publisher.publish(segment({ media: [] }), grant, mediaOf(Buffer.alloc(0)), account);
    expect(text).to.deep.equal({ kind: 'rejected', reason: 'a YouTube post is one video' });
    expect(fake.received).to.have.length(0);
  });

  it('refuses a video for a channel other than the consent’s before uploading anything', async () => {
    const brand = { ...account, publishAs: { id: 'UCbrand00000000000000000b', kind: 'channel' as const, name: 'Dispatch Brand' } };
    const outcome = await connector.publisher.publish(segment(), grant, mediaOf(randomContent(1000)), brand);
    expect(outcome.kind === 'rejected' && outcome.reason).to.match(/not to Dispatch Brand .*connect again and pick Dispatch Brand/);
    expect(fake.received).to.have.length(0);
  });

  it('posts segments 2 and 3 as top-level comments on the video, each found from the id before it', async () => {
    const first = await connector.publisher.publish(segment(), grant, mediaOf(randomContent(1000)), account);
    if (first.kind !== 'published') throw new Error(`expected published, got ${first.kind}`);
    const second = await connector.publisher.publish(comment(first.platformPostId, 'Changelog below'), grant, mediaOf(Buffer.alloc(0)), account);
    if (second.kind !== 'published') throw new Error(`expected published, got ${JSON.stringify(second)}`);
    const third = await connector.publisher.publish(comment(second.platformPostId, 'Thanks!', 2), grant, mediaOf(Buffer.alloc(0)), account);
    const videoId = first.platformPostId;
    const [one, two] = fake.state.commentThreads;
    expect(second).to.deep.equal({
      kind: 'published',
      platformPostId: `${videoId}/${one.id}`,
      platformPostUrl: `https://www.youtube.com/watch?v=${videoId}&lc=${one.id}`,
      postedAt: NOW,
      statusCode: 200,
    });
    expect(third).to.deep.include({ kind: 'published', platformPostId: `${videoId}/${two.id}` });
    expect(fake.state.commentThreads.map((c) => [c.videoId, c.channelId, c.text])).to.deep.equal([
      [videoId, 'UCdispatch0000000000000a', 'Changelog below'],
      [videoId, 'UCdispatch0000000000000a', 'Thanks!'],
    ]);
  });
});
