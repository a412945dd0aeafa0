import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type FacebookConnector } from '../../../../adapters/outbound/platforms/facebook/FacebookConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { FacebookFake } from '../../../support/fakes/facebookFake';
import { makePng } from '../../../support/mediaFiles';
import { connectedGrant, connectorFor, keptGrants, MediaLibrary, mediaItem, NOW, PAGE_ACCOUNT, PAGE_ID, segment } from './facebookTestKit';

describe('Facebook connector: publishing as a Page against a local Graph API', () => {
  let fake: FacebookFake;
  let connector: FacebookConnector;
  let grant: OAuth2Grant;
  let dir: string;
  let library: MediaLibrary;

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'facebook-'));
    const blue = await makePng(dir, 8, 8, 'blue.png');
    const wide = await makePng(dir, 16, 8, 'wide.png');
    library = await MediaLibrary.start({ blue, wide });
  });
  after(async () => {
    await library.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    fake = await FacebookFake.start();
    connector = connectorFor(fake);
    grant = connectedGrant(fake);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('publishes a text post on the Page’s feed with the Page token it asked for with the person’s token, and keeps that token', async () => {
    const { kept, keep } = keptGrants();
    const outcome = await connector.publisher.publish(
      segment({ text: 'Hello from Dispatch https://dispatch.example' }),
      grant,
      library.access,
      PAGE_ACCOUNT,
      keep,
    );
    const [post] = fake.state.posts;
    expect(outcome).to.deep.equal({
      kind: 'published',
      platformPostId: post!.id,
      platformPostUrl: `https://www.facebook.com/${post!.id}`,
      postedAt: NOW,
      statusCode: 200,
    });
    expect(post).to.deep.include({ pageId: PAGE_ID, message: 'Hello from Dispatch https://dispatch.example', photoIds: [] });
    expect(post!.id).to.match(new RegExp(`^${PAGE_ID}_\\d+$`));
    const tokenRequest = fake.received.find((r) => r.path === `/v25.0/${PAGE_ID}` && r.method === 'GET');
    expect(tokenRequest?.headers.authorization).to.equal(`Bearer ${grant.accessToken}`);
    const feed = fake.received.find((r) => r.path === `/v25.0/${PAGE_ID}/feed`);
    const pageToken = String(feed?.headers.authorization).replace('Bearer ', '');
    expect(fake.state.pageTokens.get(pageToken)).to.equal(PAGE_ID);
    // The Page token does not expire; the person's token, which can ask for it again, is kept beside it.
    expect(kept).to.deep.equal([
      { ...grant, accessToken: pageToken, accessExpiresAt: null, refreshToken: grant.accessToken, refreshExpiresAt: grant.accessExpiresAt },
    ]);
  });

  it('with the Page token kept, publishes without asking for one again', async () => {
    const { kept, keep } = keptGrants();
    await connector.publisher.publish(segment({ text: 'First' }), grant, library.access, PAGE_ACCOUNT, keep);
    const second = await connector.publisher.publish(segment({ text: 'Second' }), kept[0]!, library.access, PAGE_ACCOUNT, keep);
    expect(second.kind).to.equal('published');
    expect(fake.graphRequests('GET', `/${PAGE_ID}`)).to.equal(1);
    expect(kept).to.have.length(1);
  });

  it('publishes one photo from the library’s signed link (Facebook fetched a PNG), captioned, with its alt text', async () => {
    const media = [mediaItem('blue', 'A blue square')];
    const outcome = await connector.publisher.publish(segment({ text: 'Blue', media }), grant, library.access, PAGE_ACCOUNT);
    const [photo] = [...fake.state.photos.values()];
    expect(photo).to.deep.include({
      pageId: PAGE_ID,
      url: library.linkOf('blue'),
      published: true,
      contentType: 'image/png',
      caption: 'Blue',
      altText: 'A blue square',
    });
    const [post] = fake.state.posts;
    expect(outcome).to.deep.include({ kind: 'published', platformPostId: post!.id, platformPostUrl: `https://www.facebook.com/${post!.id}` });
  });

  it('publishes two photos: each uploaded unpublished, then one feed post attaching both in order', async () => {
    const media = [mediaItem('blue'), mediaItem('wide')];
    const outcome = await connector.publisher.publish(segment({ text: 'Two', media }), grant, library.access, PAGE_ACCOUNT);
    const photos = [...fake.state.photos.values()];
    expect(photos.map((p) => [p.url, p.published])).to.deep.equal([
      [library.linkOf('blue'), false],
      [library.linkOf('wide'), false],
    ]);
    const [post] = fake.state.posts;
    expect(post).to.deep.include({ message: 'Two', photoIds: photos.map((p) => p.id) });
    expect(outcome).to.deep.include({ kind: 'published', platformPostId: post!.id });
  });

  it('later segments are comments on the first post, as the Page, even when the previous segment is a comment', async () => {
    const post = await connector.publisher.publish(segment({ segmentCount: 3 }), grant, library.access, PAGE_ACCOUNT);
    if (post.kind !== 'published') throw new Error(`expected published, got ${post.kind}`);
    const comment = (text: string, index: number, replyTo: string) =>
      connector.publisher.publish(segment({ text, segmentIndex: index, segmentCount: 3, replyToPlatformPostId: replyTo }), grant, library.access, PAGE_ACCOUNT);
    const second = await comment('Second', 1, post.platformPostId);
    if (second.kind !== 'published') throw new Error(`expected published, got ${second.kind}`);
    const third = await comment('Third', 2, second.platformPostId);
    expect(fake.state.comments.map((c) => [c.objectId, c.pageId, c.message])).to.deep.equal([
      [post.platformPostId, PAGE_ID, 'Second'],
      [post.platformPostId, PAGE_ID, 'Third'],
    ]);
    const commentId = fake.state.comments[1]!.id;
    expect(third).to.deep.equal({
      kind: 'published',
      platformPostId: `${post.platformPostId}/comments/${commentId}`,
      platformPostUrl: `https://www.facebook.com/${post.platformPostId}?comment_id=${commentId}`,
      postedAt: NOW,
      statusCode: 200,
    });
  });

  it('a narrower audience than public is refused before anything is sent (a Page’s posts are public)', async () => {
    const outcome = await connector.publisher.publish(
      segment({ settings: { platform: 'FACEBOOK', values: { privacy: 'ONLY_ME' } } }),
      grant,
      library.access,
      PAGE_ACCOUNT,
    );
    expect(outcome).to.deep.equal({ kind: 'rejected', reason: 'a Facebook Page publishes to everyone; this post’s privacy is ONLY_ME' });
    expect(fake.received).to.have.length(0);
  });

  it('a connection with no Page chosen is refused', async () => {
    const outcome = await connector.publisher.publish(segment(), grant, library.access, { ...PAGE_ACCOUNT, publishAs: null });
    expect(outcome).to.deep.equal({ kind: 'rejected', reason: 'this Facebook connection has no Page chosen to publish as' });
  });
});
