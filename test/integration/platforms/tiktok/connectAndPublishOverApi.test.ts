import { expect } from 'chai';
import fs from 'node:fs/promises';
import { DEFAULT_GROUP_ID, group, media, segment } from '../../../support/data/posts';
import { everyPlatformFiles } from '../../../support/mediaFiles';
import { CALLBACK, CONSENT_BASE, connectTikTok, startTikTokOverApi, targetOf, type TikTokOverApi } from './tiktokOverApi';

const INIT = '/v2/post/publish/video/init/';
const STATUS = '/v2/post/publish/status/fetch/';
const CAPTION = 'Shipping Dispatch 1.0 #release';
/** The target settings of docs/spec.md ("Target settings", TIKTOK), each away from the narrowest default. */
const CHOICES = { privacy: 'FOLLOWER_OF_CREATOR', allowComments: true, allowDuet: false, allowStitch: true, promotionContent: 'SELF' };

/**
 * TikTok through the API and the engine: connected through its callback, a video posted with
 * the creator's choices, uploaded once, TikTok still processing it on the next check, the
 * engine coming back after the delay (an injected clock, never a sleep) and naming the post.
 */
describe('TikTok over the API: connect, then a video the engine uploads and waits for', function () {
  this.timeout(30_000);
  let w: TikTokOverApi;

  before(async () => {
    w = await startTikTokOverApi();
  });
  after(async () => {
    await w?.close();
    w?.fake.expectNoViolations();
  });

  it('connects the creator through TikTok’s consent screen and the callback page, without PKCE (a web app)', async () => {
    const { id, authorizationUrl, page } = await connectTikTok(w);
    expect(authorizationUrl.origin + authorizationUrl.pathname).to.equal(`${CONSENT_BASE}/v2/auth/authorize/`);
    expect(authorizationUrl.searchParams.get('redirect_uri')).to.equal(CALLBACK);
    expect(authorizationUrl.searchParams.get('client_key')).to.equal(w.fake.state.clientKey);
    expect(authorizationUrl.searchParams.get('scope')?.split(',')).to.include('video.publish');
    expect(authorizationUrl.searchParams.get('state')).to.have.length.greaterThan(20);
    expect(authorizationUrl.searchParams.has('code_challenge'), 'TikTok asks PKCE of desktop and mobile apps only').to.equal(false);
    expect(page).to.include('is connected').and.include('Ada');

    const listed = (await w.http.get(`/v1/workspaces/${w.ws}/connections`).set(w.auth).expect(200)).body.data;
    expect(listed).to.have.length(1);
    expect(listed[0]).to.include({ id, platform: 'TIKTOK', status: 'active', accountId: w.fake.state.creator.openId, handle: 'ada.codes' });
  });

  it('publishes the video once, with the privacy level and interactions chosen, after TikTok finished processing it', async () => {
    const [connection] = (await w.http.get(`/v1/workspaces/${w.ws}/connections`).set(w.auth).expect(200)).body.data;
    expect(connection, 'the connection made by the test above').to.include({ platform: 'TIKTOK', status: 'active' });
    const connectionId = connection.id;
    const video = await w.t.given.media(w.ws, 'video');
    const created = await w.http
      .post(`/v1/workspaces/${w.ws}/posts`)
      .set(w.auth)
      .send({
        groups: [group(DEFAULT_GROUP_ID, true, [segment(CAPTION, [media(video)])])],
        targets: [{ connectionId, groupId: DEFAULT_GROUP_ID, settings: { platform: 'TIKTOK', values: CHOICES }, scheduledAt: null }],
        intent: 'publish_now',
      })
      .expect(200);
    const postId = created.body.id;
    // Uploaded on the first check, then the status: still uploading once, then complete.
    w.fake.state.statusSteps = [{ status: 'PROCESSING_UPLOAD' }];

    await w.runEngine();
    expect(await targetOf(w, postId)).to.include({ status: 'pending', platformPostId: null });
    expect(w.fake.requestsTo('POST', '/v2/post/publish/creator_info/query/'), 'what the creator may post, asked first').to.equal(1);
    const [publish] = [...w.fake.state.publishes.values()];
    expect(publish.postInfo).to.deep.equal({
      title: CAPTION,
      privacy_level: 'FOLLOWER_OF_CREATOR',
      disable_comment: false,
      disable_duet: true,
      disable_stitch: false,
      brand_content_toggle: false,
      brand_organic_toggle: true,
    });
    const bytes = await fs.readFile((await everyPlatformFiles()).video);
    expect(publish.sourceInfo).to.include({ source: 'FILE_UPLOAD', video_size: bytes.length });
    expect(Buffer.concat(publish.chunks).equals(bytes), 'TikTok received the library’s video, byte for byte').to.equal(true);
    expect(w.fake.requestsTo('POST', STATUS), 'nothing asked before the delay').to.equal(0);
    w.clock.advanceSeconds(10);
    expect((await w.runEngine()).claimed, 'not checked again within seconds (TikTok allows 30 status checks a minute)').to.equal(0);

    w.clock.advanceSeconds(6);
    await w.runEngine();
    expect(await targetOf(w, postId)).to.include({ status: 'pending', platformPostId: null });
    expect(w.fake.requestsTo('POST', STATUS)).to.equal(1);

    w.clock.advanceSeconds(16);
    await w.runEngine();
    const target = await targetOf(w, postId);
    expect(target, target.error ?? '').to.include({
      status: 'published',
      platformPostId: publish.postId,
      platformPostUrl: `https://www.tiktok.com/@ada.codes/video/${publish.postId}`,
    });
    expect(publish.postId, 'a 64-bit id, kept exactly').to.match(/^73\d{17}$/);
    expect(w.fake.requestsTo('POST', INIT), 'one publish, never a second').to.equal(1);
    expect(w.fake.requestsTo('PUT', '/video/'), 'the video sent once').to.equal(publish.chunks.length);
    expect(w.fake.state.publishes.size).to.equal(1);
    expect((await w.runEngine()).claimed, 'nothing left to do').to.equal(0);

    const attempts = (await w.http.get(`/v1/workspaces/${w.ws}/posts/${postId}/targets/${target.id}/attempts`).set(w.auth).expect(200)).body.data;
    expect(attempts.map((a: { outcome: string }) => a.outcome)).to.deep.equal(['processing', 'processing', 'published']);
  });
});
