import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import fs from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AtpAgent } from '@atproto/api';
import { expect } from 'chai';
import { type BlueskyConnector, blueskyConnector } from '../../../../adapters/outbound/platforms/bluesky/BlueskyConnector';
import { BlueskyReader } from '../../../../adapters/outbound/platforms/bluesky/blueskyReader';
import { type AtprotoSessionGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PostOnPlatform } from '../../../../application/ports/platforms/PostReader';
import { BlueskyPds, type PdsAccount } from '../../../support/blueskyPds';
import { blueskySegment } from '../../../support/blueskySegments';
import { FileMediaAccess } from '../../../support/fileMediaAccess';
import { makePng } from '../../../support/mediaFiles';

const MINUTE = 60_000;
const ACCOUNT = { accountId: 'did:plc:unused', handle: 'unused.test', publishAs: null };

/** Reading an account's posts back from its repository (com.atproto.repo.listRecords), as the engine does to settle a lost answer. */
describe('Bluesky connector: reading the account back (reference PDS)', function () {
  this.timeout(60_000);
  let pds: BlueskyPds;
  let dir: string;
  let png: string;

  before(async () => {
    pds = await BlueskyPds.start();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dispatch-bluesky-reader-'));
    png = await makePng(dir, 30, 20);
  });
  after(async () => {
    await pds?.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  async function connect(name: string): Promise<{ account: PdsAccount; grant: AtprotoSessionGrant }> {
    const account = await pds.createAccount(name);
    const login = await blueskyConnector().login({ service: pds.url, identifier: account.handle, appPassword: account.appPassword });
    if (!login.ok) throw new Error(login.failure.reason);
    return { account, grant: login.grant };
  }
  /** A connector whose clock says `at`: its posts are created, and keyed, then. */
  const publishAt = async (at: Date, grant: AtprotoSessionGrant, fields: Parameters<typeof blueskySegment>[0], media = new FileMediaAccess()) => {
    const outcome = await blueskyConnector({ clock: () => at }).publisher.publish(blueskySegment(fields), grant, media, UNNAMED_ACCOUNT);
    if (outcome.kind !== 'published') throw new Error(`${outcome.kind}: ${outcome.reason}`);
    return outcome;
  };
  const picture = async () => {
    const media = new FileMediaAccess();
    const facts = { kind: 'image' as const, mimeType: 'image/png', sizeBytes: (await fs.stat(png)).size, width: 30, height: 20 };
    media.add('png', png, { ...facts, durationSeconds: null, videoCodec: null, audioCodec: null });
    return media;
  };

  it('lists the posts made since a time, newest first, each with its AT URI, bsky.app URL, text, time, media count and parent', async () => {
    const { account, grant } = await connect('reading');
    const now = new Date();
    await publishAt(new Date(now.getTime() - 3 * 60 * MINUTE), grant, { text: 'Three hours ago: not asked for' });
    const text = await publishAt(new Date(now.getTime() - 2 * MINUTE), grant, { text: 'Notes: https://example.com/notes' });
    const image = await publishAt(
      new Date(now.getTime() - MINUTE),
      grant,
      { text: 'A picture', media: [{ id: 'png', altText: 'x', thumbnailTimestamp: null }] },
      await picture(),
    );
    const reply = await publishAt(now, grant, { text: 'A reply to the picture', replyToPlatformPostId: image.platformPostId });
    // A quote with a picture, made by another app (its record key is the PDS's own, of now).
    const own = new AtpAgent({ service: pds.url });
    await own.login({ identifier: account.handle, password: account.password });
    const blob = (await own.uploadBlob(await fs.readFile(png), { encoding: 'image/png' })).data.blob;
    const quoted = (await own.com.atproto.repo.getRecord({ repo: account.did, collection: 'app.bsky.feed.post', rkey: text.platformPostId.split('/').pop()! }))
      .data;
    const quote = await own.com.atproto.repo.createRecord({
      repo: account.did,
      collection: 'app.bsky.feed.post',
      record: {
        $type: 'app.bsky.feed.post',
        text: 'Quoting, with a picture',
        createdAt: now.toISOString(),
        embed: {
          $type: 'app.bsky.embed.recordWithMedia',
          record: { $type: 'app.bsky.embed.record', record: { uri: quoted.uri, cid: quoted.cid } },
          media: {
            $type: 'app.bsky.embed.images',
            images: [
              { image: blob, alt: 'y' },
              { image: blob, alt: 'z' },
            ],
          },
        },
      },
    });

    const read = await blueskyConnector().reader.recentPosts({ account: ACCOUNT, grant, since: new Date(now.getTime() - 5 * MINUTE), replyTo: null });

    if (!read.ok) expect.fail(read.reason);
    const url = (uri: string) => `https://bsky.app/profile/${account.did}/post/${uri.split('/').pop()}`;
    const expected: PostOnPlatform[] = [
      { platformPostId: quote.data.uri, text: 'Quoting, with a picture', createdAt: now, mediaCount: 2, replyToPlatformPostId: null, platformPostUrl: '' },
      {
        platformPostId: reply.platformPostId,
        text: 'A reply to the picture',
        createdAt: now,
        mediaCount: 0,
        replyToPlatformPostId: image.platformPostId,
        platformPostUrl: '',
      },
      {
        platformPostId: image.platformPostId,
        text: 'A picture',
        createdAt: new Date(now.getTime() - MINUTE),
        mediaCount: 1,
        replyToPlatformPostId: null,
        platformPostUrl: '',
      },
      {
        platformPostId: text.platformPostId,
        text: 'Notes: https://example.com/notes',
        createdAt: new Date(now.getTime() - 2 * MINUTE),
        mediaCount: 0,
        replyToPlatformPostId: null,
        platformPostUrl: '',
      },
    ].map((post) => ({ ...post, platformPostUrl: url(post.platformPostId) }));
    expect(read.posts).to.deep.equal(expected);
    expect(read.posts.map((post) => post.platformPostUrl)).to.include(image.platformPostUrl);
  });

  it('stops at the first record key older than `since` by the keys’ lag, and fails rather than answer from part of a longer list', async () => {
    const { grant } = await connect('bounded');
    const now = new Date();
    for (const hoursAgo of [5, 4, 3]) await publishAt(new Date(now.getTime() - hoursAgo * 60 * MINUTE), grant, { text: `${hoursAgo} hours ago` });
    for (const minutesAgo of [2, 1]) await publishAt(new Date(now.getTime() - minutesAgo * MINUTE), grant, { text: `${minutesAgo} minutes ago` });
    // Two pages of two: the older posts would need more, but the read has stopped at the first of them.
    const reader = new BlueskyReader(fetch, { pageSize: 2, maxPages: 2 });
    const since = new Date(now.getTime() - 5 * MINUTE);

    const read = await reader.recentPosts({ account: ACCOUNT, grant, since, replyTo: null });

    if (!read.ok) expect.fail(read.reason);
    expect(read.posts.map((post) => post.text)).to.have.members(['2 minutes ago', '1 minutes ago']);

    for (const secondsAgo of [50, 40, 30]) await publishAt(new Date(now.getTime() - secondsAgo * 1000), grant, { text: `${secondsAgo} seconds ago` });
    const tooMany = await reader.recentPosts({ account: ACCOUNT, grant, since, replyTo: null });

    expect(tooMany).to.deep.equal({ ok: false, reason: "the account's posts from that time on run past 4 records, more than one read goes through" });
  });

  it('fails rather than stop early on a list that is not newest first', async () => {
    const { grant } = await connect('reversed');
    const now = new Date();
    for (const minutesAgo of [2, 1]) await publishAt(new Date(now.getTime() - minutesAgo * MINUTE), grant, { text: `${minutesAgo} minutes ago` });
    // A PDS listing oldest first: the reference one, asked to (`reverse`).
    const oldestFirst: typeof fetch = (input, init) =>
      fetch(String(input).includes('com.atproto.repo.listRecords') ? `${String(input)}&reverse=true` : input, init);

    const read = await new BlueskyReader(oldestFirst).recentPosts({ account: ACCOUNT, grant, since: new Date(now.getTime() - 5 * MINUTE), replyTo: null });

    expect(read).to.deep.equal({ ok: false, reason: 'the PDS did not list the posts newest first' });
  });

  it('says a post is surely listed within 30 s, and that a read which gets no answer failed', async () => {
    const { grant } = await connect('unanswered');
    const connector: BlueskyConnector = blueskyConnector();
    // A port that was free a moment ago: connections to it are refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
    const closed = { ...grant, service: `http://127.0.0.1:${(probe.address() as AddressInfo).port}` };
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const read = await connector.reader.recentPosts({ account: ACCOUNT, grant: closed, since: new Date(), replyTo: null });

    expect(connector.reader.visibleWithinSeconds).to.equal(30);
    expect(read.ok).to.equal(false);
    expect(!read.ok && read.reason).to.match(/^Bluesky did not list the account's posts: .*ECONNREFUSED/);
  });
});
