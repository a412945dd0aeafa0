import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { blueskyConnector } from '../../../../adapters/outbound/platforms/bluesky/BlueskyConnector';
import { type AtprotoSessionGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type MediaFacts } from '../../../../domain/media/MediaFacts';
import { BlueskyPds, type PdsAccount } from '../../../support/blueskyPds';
import { blueskySegment } from '../../../support/blueskySegments';
import { readPost } from '../../../support/connectedBluesky';
import { FileMediaAccess } from '../../../support/fileMediaAccess';
import { makeVideo } from '../../../support/mediaFiles';

describe('Bluesky connector: publishing a video (reference PDS)', function () {
  this.timeout(60_000);
  let dir: string;
  let small: string;
  let large: string;
  let pds: BlueskyPds;
  let account: PdsAccount;
  let grant: AtprotoSessionGrant;
  const connector = blueskyConnector();

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dispatch-bluesky-video-'));
    small = await makeVideo(dir, { seconds: 1, width: 160, height: 90, audio: false });
    large = await makeVideo(dir, { seconds: 4, width: 640, height: 360, audio: true });
    const [smallBytes, largeBytes] = [(await fs.stat(small)).size, (await fs.stat(large)).size];
    if (largeBytes <= smallBytes) throw new Error('the large test video came out no larger than the small one');
    // A PDS keeps its own blob limit (a self-hosted one: 5 MiB unless configured): here, between the two videos.
    pds = await BlueskyPds.start({ blobUploadLimit: Math.floor((smallBytes + largeBytes) / 2) });
    account = await pds.createAccount('filming');
    const login = await connector.login({ service: pds.url, identifier: account.handle, appPassword: account.appPassword });
    if (!login.ok) throw new Error(login.failure.reason);
    grant = login.grant;
  });
  after(async () => {
    await pds?.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  async function videoOf(file: string, facts: Partial<MediaFacts> = {}): Promise<FileMediaAccess> {
    const media = new FileMediaAccess();
    media.add('video-1', file, {
      kind: 'video',
      mimeType: 'video/mp4',
      sizeBytes: (await fs.stat(file)).size,
      width: 160,
      height: 90,
      durationSeconds: 1,
      videoCodec: 'h264',
      audioCodec: null,
      ...facts,
    });
    return media;
  }
  const segmentWithVideo = (text: string, altText: string | null = null) =>
    blueskySegment({ text, media: [{ id: 'video-1', altText, thumbnailTimestamp: null }] });
  const postCount = async () => (await pds.reader().com.atproto.repo.listRecords({ repo: account.did, collection: 'app.bsky.feed.post' })).data.records.length;

  it('streams the MP4 to the PDS as a blob and embeds it as app.bsky.embed.video with its alt text and aspect ratio', async () => {
    const uploads: { streamed: boolean; length: string | null }[] = [];
    const watched = blueskyConnector({
      fetch: (input, init) => {
        if (String(input).includes('com.atproto.repo.uploadBlob')) {
          uploads.push({ streamed: init?.body instanceof ReadableStream, length: new Headers(init?.headers).get('content-length') });
        }
        return fetch(input, init);
      },
    });
    const outcome = await watched.publisher.publish(
      segmentWithVideo('A test card in motion', 'Colour bars, counting'),
      grant,
      await videoOf(small),
      UNNAMED_ACCOUNT,
    );

    if (outcome.kind !== 'published') expect.fail(`${outcome.kind}: ${outcome.reason}`);
    const post = await readPost(pds, outcome.platformPostId);
    const embed = post.value.embed as { $type: string; alt: string; aspectRatio: unknown; video: { ref: object; mimeType: string; size: number } };
    expect(embed.$type).to.equal('app.bsky.embed.video');
    expect(embed.alt).to.equal('Colour bars, counting');
    expect(embed.aspectRatio).to.deep.equal({ width: 160, height: 90 });
    expect(embed.video).to.include({ mimeType: 'video/mp4', size: (await fs.stat(small)).size });
    const blob = await pds.reader().com.atproto.sync.getBlob({ did: account.did, cid: String(embed.video.ref) });
    expect(Buffer.from(blob.data).equals(await fs.readFile(small))).to.equal(true);
    // Read from the library as it is sent, never whole in memory; its length declared up front.
    expect(uploads).to.deep.equal([{ streamed: true, length: String((await fs.stat(small)).size) }]);
    // Read back, a video counts as one media item.
    const publishing = { accountId: grant.did, handle: grant.handle, publishAs: null };
    const read = await connector.reader.recentPosts({ account: publishing, grant, since: new Date(Date.now() - 60_000), replyTo: null });
    expect(read.ok && read.posts.find((listed) => listed.platformPostId === outcome.platformPostId)?.mediaCount).to.equal(1);
  });

  it('refuses what app.bsky.embed.video does not take, before uploading anything: no MP4, over 100 MB, over 3 minutes', async () => {
    const before = await postCount();
    const requests: string[] = [];
    const watched = blueskyConnector({
      fetch: (input, init) => {
        requests.push(new URL(input instanceof Request ? input.url : input).pathname);
        return fetch(input, init);
      },
    });
    const refusals = [
      { facts: { mimeType: 'video/quicktime' }, reason: /MP4 \(video\/mp4\) only; this one is video\/quicktime/ },
      { facts: { sizeBytes: 100_000_001 }, reason: /at most 100000000 bytes; this one has 100000001/ },
      { facts: { durationSeconds: 181 }, reason: /at most 180 s; this one lasts 181 s/ },
    ];
    for (const { facts, reason } of refusals) {
      const outcome = await watched.publisher.publish(segmentWithVideo('Never posted'), grant, await videoOf(small, facts), UNNAMED_ACCOUNT);
      expect(outcome.kind, JSON.stringify(facts)).to.equal('rejected');
      expect(outcome.kind === 'rejected' && outcome.reason).to.match(reason);
    }
    expect(requests).to.deep.equal([]);
    expect(await postCount()).to.equal(before);
  });

  it('is refused with the PDS’s reason when the video is over the PDS’s own blob limit, and nothing is posted', async () => {
    const before = await postCount();
    const outcome = await connector.publisher.publish(
      segmentWithVideo('Too big for this server'),
      grant,
      await videoOf(large, { width: 640, height: 360 }),
      UNNAMED_ACCOUNT,
    );

    expect(outcome).to.include({ kind: 'rejected', statusCode: 413 });
    expect(outcome.kind === 'rejected' && outcome.reason).to.match(/PayloadTooLarge/);
    expect(await postCount()).to.equal(before);
  });

  it('refuses a video with other media in the same post', async () => {
    const media = await videoOf(small);
    const segment = blueskySegment({
      text: 'Two things at once',
      media: [
        { id: 'video-1', altText: null, thumbnailTimestamp: null },
        { id: 'video-1', altText: null, thumbnailTimestamp: null },
      ],
    });
    const outcome = await connector.publisher.publish(segment, grant, media, UNNAMED_ACCOUNT);

    expect(outcome).to.deep.equal({ kind: 'rejected', reason: 'Bluesky takes a video only on its own in a post' });
  });
});
