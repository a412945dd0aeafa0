import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type FacebookConnector } from '../../../../adapters/outbound/platforms/facebook/FacebookConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { FacebookFake } from '../../../support/fakes/facebookFake';
import { UNEXPECTED } from '../../../support/fakes/kit/metaGraphAnswers';
import { makePng } from '../../../support/mediaFiles';
import { readBackScenarios } from '../../../support/readBackScenarios';
import { connectedGrant, connectorFor, MediaLibrary, mediaItem, NOW, PAGE_ACCOUNT, PAGE_ID, segment } from './facebookTestKit';

describe('Facebook connector: reading the Page back (its videos, published posts and comments)', () => {
  let fake: FacebookFake;
  let connector: FacebookConnector;
  let grant: OAuth2Grant;
  let dir: string;
  let library: MediaLibrary;

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'facebook-'));
    const video = path.join(dir, 'clip.mp4');
    await fs.writeFile(video, Buffer.from('0000001866747970', 'hex'));
    library = await MediaLibrary.start({ a: await makePng(dir, 8, 8, 'a.png'), b: await makePng(dir, 8, 8, 'b.png'), video });
  });
  after(async () => {
    await library.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    fake = await FacebookFake.start();
    fake.state.now = () => NOW;
    connector = connectorFor(fake);
    grant = connectedGrant(fake);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  const publish = async (overrides: Parameters<typeof segment>[0]) => {
    const outcome = await connector.publisher.publish(segment(overrides), grant, library.access, PAGE_ACCOUNT);
    if (outcome.kind !== 'published' && outcome.kind !== 'processing') throw new Error(JSON.stringify(outcome));
    return outcome.kind === 'published' ? outcome.platformPostId : outcome.checkpoint;
  };
  const read = (replyTo: string | null = null, since = new Date(NOW.getTime() - 60_000)) =>
    connector.reader.recentPosts({ account: PAGE_ACCOUNT, grant, since, replyTo });

  it('lists the Page’s posts since a time, newest first, as the publisher names them: text, time, media (a link’s preview is none), a video under its id', async () => {
    fake.state.now = () => new Date(NOW.getTime() - 3_600_000);
    await publish({ text: 'An hour ago' });
    fake.state.now = () => NOW;
    const text = await publish({ text: 'Read https://dispatch.example' });
    const album = await publish({ text: 'Two', media: [mediaItem('a'), mediaItem('b')] });
    const video = await publish({ text: 'Clip', media: [mediaItem('video')] });
    const posts = await read();
    if (!posts.ok) throw new Error(posts.reason);
    const url = (id: string) => `https://www.facebook.com/${id}`;
    expect(posts.posts).to.deep.equal([
      { platformPostId: video, platformPostUrl: url(video), text: 'Clip', createdAt: NOW, mediaCount: 1 },
      { platformPostId: album, platformPostUrl: url(album), text: 'Two', createdAt: NOW, mediaCount: 2 },
      { platformPostId: text, platformPostUrl: url(text), text: 'Read https://dispatch.example', createdAt: NOW, mediaCount: 0 },
    ]);
    const listed = fake.received.find((r) => r.path.endsWith('/published_posts'));
    expect(listed?.query.get('since')).to.equal(String((NOW.getTime() - 60_000) / 1000));
  });

  it('a comment: the Page’s comments under the first post, named and linked as the publisher names them', async () => {
    const post = await publish({ text: 'Post', segmentCount: 2 });
    const second = await connector.publisher.publish(
      segment({ text: 'A comment', segmentIndex: 1, segmentCount: 2, replyToPlatformPostId: post }),
      grant,
      library.access,
      PAGE_ACCOUNT,
    );
    if (second.kind !== 'published') throw new Error(second.kind);
    const comments = await read(second.platformPostId);
    expect(comments).to.deep.equal({
      ok: true,
      posts: [{ platformPostId: second.platformPostId, platformPostUrl: second.platformPostUrl, text: 'A comment', createdAt: NOW, mediaCount: null }],
    });
    expect(fake.received.find((r) => r.path.endsWith('/comments') && r.method === 'GET')?.query.get('order')).to.equal('reverse_chronological');
  });

  it('a connection without pages_read_engagement: the read fails, saying to connect again, and nothing is asked', async () => {
    grant = connectedGrant(fake, 60, ['pages_show_list', 'pages_manage_posts']);
    expect(await read()).to.deep.equal({
      ok: false,
      reason: 'Facebook: reading the Page back needs pages_read_engagement, which this connection was not granted: connect the account again',
    });
    expect(fake.received).to.have.length(0);
  });

  it('says why a read failed, in Meta’s words', async () => {
    fake.answerNext('page.videos.list', { kind: 'error', error: UNEXPECTED });
    expect(await read()).to.deep.equal({ ok: false, reason: `Facebook: ${UNEXPECTED.message} (#2)` });
  });

  it('a connection with no Page: nothing to read', async () => {
    const read = await connector.reader.recentPosts({ account: { ...PAGE_ACCOUNT, publishAs: null }, grant, since: NOW, replyTo: null });
    expect(read).to.deep.equal({ ok: false, reason: 'this Facebook connection has no Page to read back' });
    expect(PAGE_ID).to.equal(PAGE_ACCOUNT.publishAs?.id);
  });
});

readBackScenarios('Facebook', async () => {
  const fake = await FacebookFake.start();
  const page = fake.state.pages[0]!;
  return {
    platform: 'FACEBOOK',
    connector: connectorFor(fake, { now: () => new Date() }),
    grant: connectedGrant(fake),
    account: { accountId: fake.state.user.id, handle: fake.state.user.name },
    publishAs: { id: page.id, kind: 'page', name: page.name },
    useClock: (now) => {
      fake.state.now = now;
    },
    loseAnswerAfterPosting: () => fake.answerNext('page.feed', { kind: 'actThenDrop' }),
    loseRequest: () => fake.answerNext('page.feed', { kind: 'dropBeforeRecording' }),
    failNextRead: () => fake.answerNext('page.videos.list', { kind: 'error', error: UNEXPECTED }),
    posts: () => fake.state.posts.length,
    urlOf: (id) => `https://www.facebook.com/${id}`,
    stop: () => fake.stop().then(() => fake.expectNoViolations()),
  };
});
