import { expect } from 'chai';
import { media, segment } from '../../../support/data/posts';
import { attemptOutcomesOf, firstTargetOf as targetOf, postOverApi } from '../../../support/platformOverApi';
import {
  AUTH_BASE,
  authorizationUrl,
  type ConnectionView,
  consentAndReturn,
  type InstagramWorld,
  paramsSentTo,
  startInstagramWorld,
  stopInstagramWorld,
} from './instagramOverApi';

/**
 * Instagram through the API and the engine, against the Instagram fake: a person connects
 * their professional account through the callback page, then a picture and a carousel are
 * published as docs/platforms.md describes (containers, status until FINISHED, one
 * media_publish), a later segment going on as a comment (docs/product.md, "Formats and limits").
 */
describe('Instagram over the API: connect, then a picture and a carousel published by the engine', function () {
  this.timeout(30_000);
  let w: InstagramWorld;
  let connection: ConnectionView;

  before(async () => {
    w = await startInstagramWorld();
  });
  after(async () => {
    await stopInstagramWorld(w);
  });

  /** A publish_now post to the connection, its segments as given. */
  const publishNow = (segments: ReturnType<typeof segment>[]): Promise<string> => postOverApi(w, { id: connection.id, platform: 'INSTAGRAM' }, segments);

  it('sends the person to Instagram’s consent screen and connects the account on the callback page', async () => {
    const url = await authorizationUrl(w);
    expect(url.origin + url.pathname).to.equal(`${AUTH_BASE}/oauth/authorize`);
    expect(url.searchParams.get('client_id')).to.equal(w.fake.state.clientId);
    expect(url.searchParams.get('redirect_uri')).to.equal(`${w.baseUrl}/connect/instagram/callback`);
    expect(url.searchParams.get('response_type')).to.equal('code');
    expect(url.searchParams.get('scope')?.split(',')).to.include('instagram_business_content_publish');
    expect(url.searchParams.get('state')).to.have.length.greaterThan(20);
    expect(url.searchParams.has('code_challenge'), 'Business Login for Instagram exchanges the code with the app secret: no PKCE').to.equal(false);

    const page = await consentAndReturn(w, url);
    expect(page.status, page.text).to.equal(200);
    expect(page.text).to.include('is connected');
    const listed = (await w.http.get(`/v1/workspaces/${w.ws}/connections`).set(w.auth).expect(200)).body.data;
    expect(listed).to.have.length(1);
    connection = listed[0];
    const { account } = w.fake.state;
    expect(connection).to.include({ platform: 'INSTAGRAM', status: 'active', accountId: account.userId, handle: account.username, displayName: account.name });
    expect(w.fake.requestsEndingWith('POST', '/oauth/access_token'), 'the code exchanged once').to.equal(1);
    expect(w.fake.requestsEndingWith('GET', '/access_token'), 'the short-lived token exchanged for a long-lived one').to.equal(1);
  });

  it('publishes a picture once its container is FINISHED, the engine coming back later while Instagram still fetches it', async () => {
    w.fake.state.imageChecksBeforeFinished = 1;
    const photo = await w.t.given.media(w.ws, 'photo');
    const postId = await publishNow([segment('Sunrise over the harbour #dispatch', [media(photo, { altText: 'Boats at dawn' })])]);

    await w.runEngine();
    expect(await targetOf(w, postId)).to.include({ status: 'pending', platformPostId: null });
    const [container] = paramsSentTo(w, 'POST', '/media');
    expect(container).to.include({ caption: 'Sunrise over the harbour #dispatch', alt_text: 'Boats at dawn' });
    expect(container.image_url, 'a signed link to the library’s file').to.match(new RegExp(`^${w.baseUrl}/media/files/${photo}\\?expires=\\d+&signature=`));
    expect([...w.fake.state.containers.values()][0].fetched, 'Instagram fetched the JPEG itself').to.include({ contentType: 'image/jpeg' });
    expect((await w.runEngine()).claimed, 'not before the delay the connector asked for').to.equal(0);
    expect(w.fake.requestsEndingWith('POST', '/media_publish')).to.equal(0);

    w.clock.advanceSeconds(31);
    await w.runEngine();
    const target = await targetOf(w, postId);
    const [published] = w.fake.state.media;
    expect(target, target.error ?? '').to.include({ status: 'published', platformPostId: published.id, platformPostUrl: published.permalink });
    expect(w.fake.requestsEndingWith('POST', '/media_publish'), 'published exactly once').to.equal(1);
    expect(w.fake.state.containers.size, 'one container, checked again, never a second').to.equal(1);
    expect(await attemptOutcomesOf(w, postId, target.id)).to.deep.equal(['processing', 'published']);
  });

  it('publishes two pictures as one carousel, and the second segment as a comment on it', async () => {
    w.fake.state.imageChecksBeforeFinished = 0;
    const [first, second] = [await w.t.given.media(w.ws, 'photo'), await w.t.given.media(w.ws, 'photo')];
    const before = {
      publishes: w.fake.requestsEndingWith('POST', '/media_publish'),
      containers: w.fake.state.containers.size,
      media: w.fake.state.media.length,
    };
    const postId = await publishNow([segment('Two views of the bay', [media(first), media(second)]), segment('Shot on a Tuesday, edited on a Wednesday')]);

    for (let round = 0; round < 4 && (await targetOf(w, postId)).status === 'pending'; round += 1) await w.runEngine();
    const target = await targetOf(w, postId);
    expect(target, target.error ?? '').to.include({ status: 'published' });
    expect(w.fake.requestsEndingWith('POST', '/media_publish') - before.publishes, 'one media_publish for the whole carousel').to.equal(1);
    const made = [...w.fake.state.containers.values()].slice(before.containers);
    expect(made.map((c) => c.params.is_carousel_item ?? c.params.media_type)).to.deep.equal(['true', 'true', 'CAROUSEL']);
    expect(made[2].params).to.include({ caption: 'Two views of the bay', children: `${made[0].id},${made[1].id}` });
    const carousel = w.fake.state.media[before.media];
    expect(carousel.containerId).to.equal(made[2].id);
    const comments = w.fake.state.comments.map(({ mediaId, message }) => ({ mediaId, message }));
    expect(comments).to.deep.equal([{ mediaId: carousel.id, message: 'Shot on a Tuesday, edited on a Wednesday' }]);
    expect(target.platformPostId, 'the post is the carousel, not the comment').to.equal(carousel.id);
  });
});
