import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type LinkedInConnector } from '../../../../adapters/outbound/platforms/linkedin/LinkedInConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { LinkedInFake } from '../../../support/fakes/linkedinFake';
import { makePng, makeVideo } from '../../../support/mediaFiles';
import { NO_MEDIA, NOW, connectorFor, grantFrom, mediaFrom, segment } from './linkedinTestKit';

describe('LinkedIn connector: publishing against a local LinkedIn', () => {
  let fake: LinkedInFake;
  let connector: LinkedInConnector;
  let grant: OAuth2Grant;
  let dir: string;

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'linkedin-'));
  });
  after(() => fs.rm(dir, { recursive: true, force: true }));

  beforeEach(async () => {
    fake = await LinkedInFake.start();
    connector = connectorFor(fake);
    grant = grantFrom(fake.tokens());
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('publishes a text post as the member, with the visibility of the settings and the text as little text: reserved characters escaped, hashtags as the template (review finding 3)', async () => {
    const outcome = await connector.publisher.publish(
      segment({ text: 'Hello (world) #launch, C# wins', settings: { platform: 'LINKEDIN', values: { visibility: 'CONNECTIONS' } } }),
      grant,
      NO_MEDIA,
      UNNAMED_ACCOUNT,
    );
    const [post] = fake.state.posts;
    expect(outcome).to.deep.equal({
      kind: 'published',
      platformPostId: post.urn,
      platformPostUrl: `https://www.linkedin.com/feed/update/${post.urn}`,
      postedAt: NOW,
      statusCode: 201,
    });
    expect(post.body).to.deep.equal({
      author: 'urn:li:person:m-4Xa9',
      commentary: 'Hello \\(world\\) {hashtag|\\#|launch}, C\\# wins',
      visibility: 'CONNECTIONS',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    });
    const sent = fake.received.find((r) => r.path === '/rest/posts');
    expect(sent?.headers.authorization).to.equal(`Bearer ${grant.accessToken}`);
    expect(sent?.headers['linkedin-version']).to.equal('202605');
    expect(sent?.headers['x-restli-protocol-version']).to.equal('2.0.0');
  });

  it('uploads an image (the bytes LinkedIn got are the file) and names it in the post', async () => {
    const file = await makePng(dir, 8, 8);
    const outcome = await connector.publisher.publish(
      segment({ media: [{ id: 'media-1', altText: 'A blue square', thumbnailTimestamp: null }] }),
      grant,
      mediaFrom({ 'media-1': file }),
      UNNAMED_ACCOUNT,
    );
    expect(outcome.kind).to.equal('published');
    const [image] = [...fake.state.images.values()];
    expect(image.owner).to.equal('urn:li:person:m-4Xa9');
    expect(image.bytes?.equals(await fs.readFile(file))).to.equal(true);
    expect(image.contentType).to.equal('image/png');
    expect(fake.state.posts[0].body.content).to.deep.equal({ media: { id: image.urn, altText: 'A blue square' } });
  });

  it('puts several images in a multiImage post', async () => {
    const files = { a: await makePng(dir, 8, 8, 'a.png'), b: await makePng(dir, 9, 9, 'b.png') };
    const media = [
      { id: 'a', altText: null, thumbnailTimestamp: null },
      { id: 'b', altText: 'second', thumbnailTimestamp: null },
    ];
    const outcome = await connector.publisher.publish(segment({ media }), grant, mediaFrom(files), UNNAMED_ACCOUNT);
    expect(outcome.kind).to.equal('published');
    const [a, b] = [...fake.state.images.values()];
    expect(fake.state.posts[0].body.content).to.deep.equal({ multiImage: { images: [{ id: a.urn }, { id: b.urn, altText: 'second' }] } });
  });

  it('uploads a video in parts (each part’s ETag named at finalize), answers processing while LinkedIn processes it, then posts it', async () => {
    const file = await makeVideo(dir, { seconds: 3, width: 64, height: 48, audio: false });
    const bytes = await fs.readFile(file);
    fake.state.videoPartBytes = Math.ceil(bytes.length / 3);
    const first = segment({ media: [{ id: 'clip', altText: 'ignored for video', thumbnailTimestamp: null }] });
    const media = mediaFrom({ clip: file });
    const waiting = await connector.publisher.publish(first, grant, media, UNNAMED_ACCOUNT);
    expect(waiting, JSON.stringify(waiting)).to.deep.include({ kind: 'processing', afterSeconds: 60 });
    const checkpoint = waiting.kind === 'processing' ? waiting.checkpoint : null;
    const outcome = await connector.publisher.publish({ ...first, checkpoint }, grant, media, UNNAMED_ACCOUNT);
    expect(outcome.kind, JSON.stringify(outcome)).to.equal('published');
    const [video] = [...fake.state.videos.values()];
    expect(video.parts).to.have.length(3);
    expect(Buffer.concat(video.parts.map((p) => p.bytes ?? Buffer.alloc(0))).equals(bytes)).to.equal(true);
    expect(video.finalizedWith).to.deep.equal(video.parts.map((p) => p.etag));
    expect(fake.requestsTo('GET', `/rest/videos/${encodeURIComponent(video.urn)}`)).to.equal(2);
    expect(fake.state.posts[0].body.content).to.deep.equal({ media: { id: video.urn } });
  });

  it('posts segments 2 and 3 as comments on the first segment’s post', async () => {
    const first = await connector.publisher.publish(segment({ segmentCount: 3 }), grant, NO_MEDIA, UNNAMED_ACCOUNT);
    if (first.kind !== 'published') throw new Error(first.reason);
    const second = await connector.publisher.publish(
      segment({ text: 'More (details)', segmentIndex: 1, segmentCount: 3, replyToPlatformPostId: first.platformPostId }),
      grant,
      NO_MEDIA,
      UNNAMED_ACCOUNT,
    );
    if (second.kind !== 'published') throw new Error(second.reason);
    const third = await connector.publisher.publish(
      segment({ text: 'The end', segmentIndex: 2, segmentCount: 3, replyToPlatformPostId: second.platformPostId }),
      grant,
      NO_MEDIA,
      UNNAMED_ACCOUNT,
    );
    if (third.kind !== 'published') throw new Error(third.reason);
    const postUrn = first.platformPostId;
    expect(fake.state.comments.map((c) => [c.postUrn, c.body])).to.deep.equal([
      [postUrn, { actor: 'urn:li:person:m-4Xa9', object: postUrn, message: { text: 'More (details)' } }],
      [postUrn, { actor: 'urn:li:person:m-4Xa9', object: postUrn, message: { text: 'The end' } }],
    ]);
    const [c2, c3] = fake.state.comments;
    expect(second.platformPostId).to.equal(`urn:li:comment:(${postUrn},${c2.id})`);
    expect(third.platformPostId).to.equal(`urn:li:comment:(${postUrn},${c3.id})`);
    expect(third.platformPostUrl).to.equal(`https://www.linkedin.com/feed/update/${postUrn}?commentUrn=${encodeURIComponent(third.platformPostId)}`);
  });

  it('publishes as the organization the connection chose', async () => {
    fake.state.organizations = [{ id: '2414183', name: 'Analytical Engines Ltd', role: 'ADMINISTRATOR' }];
    const scopes = ['openid', 'profile', 'w_member_social', 'w_organization_social', 'rw_organization_admin'];
    const account = {
      accountId: 'm-4Xa9',
      handle: 'Ada Lovelace',
      publishAs: { id: '2414183', kind: 'organization' as const, name: 'Analytical Engines Ltd' },
    };
    const outcome = await connector.publisher.publish(segment(), grantFrom(fake.tokens(scopes), scopes), NO_MEDIA, account);
    expect(outcome.kind).to.equal('published');
    expect(fake.state.posts[0].body.author).to.equal('urn:li:organization:2414183');
    expect(fake.requestsTo('GET', '/v2/userinfo')).to.equal(0);
  });
});
