import { expect } from 'chai';
import { media, segment } from '../../../support/data/posts';
import { attemptOutcomesOf, authorizeOverApi, firstTargetOf as targetOf, postOverApi } from '../../../support/platformOverApi';
import {
  connectAccount,
  connectPage,
  connections,
  type FacebookWorld,
  LOGIN_BASE,
  PAGE_ID,
  publishAllDue,
  startFacebookWorld,
  stopFacebookWorld,
} from './facebookOverApi';

/**
 * Facebook through the API and the engine: the person connects on Facebook Login, picks one of
 * the Pages they manage (docs/decisions.md, "Connections"), and a post with a picture goes to
 * that Page with the Page's token, its later segment a comment on it (docs/product.md).
 */
describe('Facebook over the API: connect, choose a Page, publish a picture and its comment', function () {
  this.timeout(30_000);
  let w: FacebookWorld;

  before(async () => {
    w = await startFacebookWorld();
  });
  after(async () => {
    await stopFacebookWorld(w);
  });

  it('sends the person to Facebook Login with the callback and a state, no PKCE (Facebook takes the app secret)', async () => {
    const url = await authorizeOverApi(w, 'FACEBOOK');
    expect(url.origin + url.pathname).to.equal(`${LOGIN_BASE}/dialog/oauth`);
    expect(url.searchParams.get('client_id')).to.equal(w.fake.state.clientId);
    expect(url.searchParams.get('redirect_uri')).to.equal(`${w.baseUrl}/connect/facebook/callback`);
    expect(url.searchParams.get('state')).to.match(/^.{40,}$/);
    expect(url.searchParams.get('scope')!.split(',')).to.include.members(['pages_show_list', 'pages_manage_posts']);
    expect(url.searchParams.has('code_challenge')).to.equal(false);
  });

  it('connects the person, lists only the Pages they may publish to, and makes a connection for the Page chosen', async () => {
    const { accountConnection, page } = await connectAccount(w);
    expect(accountConnection).to.include({ platform: 'FACEBOOK', accountId: w.fake.state.user.id, handle: 'Ada Lovelace', status: 'active' });
    expect(page).to.include('Dispatch Café').and.include(PAGE_ID);
    expect(page, 'a Page the person may only analyze is not offered').not.to.include('Read-only Page');

    const readOnly = await w.http.post(`/v1/workspaces/${w.ws}/connections/${accountConnection.id}/target`).set(w.auth).send({ publishAsId: '104400000002' });
    expect(readOnly.status).to.equal(422);
    expect(readOnly.body.error.code).to.equal('unknown_publish_as');

    const chosen = await w.http
      .post(`/v1/workspaces/${w.ws}/connections/${accountConnection.id}/target`)
      .set(w.auth)
      .send({ publishAsId: PAGE_ID })
      .expect(201);
    const listed = (await connections(w)).find((c) => c.id === chosen.body.id);
    expect(listed).to.deep.include({ platform: 'FACEBOOK', accountId: w.fake.state.user.id, status: 'active', displayName: 'Dispatch Café' });
    expect(listed!.publishAs).to.deep.include({ id: PAGE_ID, kind: 'page' });
  });

  it('publishes the picture with its caption and alt text to the Page, once, with the Page token, and the second segment as its comment', async () => {
    const pageConnection = await connectPage(w);
    const photo = await w.t.given.media(w.ws, 'photo');
    const postId = await postOverApi(
      w,
      { id: pageConnection, platform: 'FACEBOOK' },
      [segment('Fresh croissants at Dispatch Café', [media(photo, { altText: 'A basket of croissants' })]), segment('Open from 7am')],
      { settings: { platform: 'FACEBOOK', values: { privacy: 'PUBLIC' } } },
    );
    const before = w.fake.received.length;

    await publishAllDue(w);
    const target = await targetOf(w, postId);
    expect(target, target.error ?? '').to.include({ status: 'published' });
    const [post] = w.fake.state.posts;
    expect(post).to.deep.include({ pageId: PAGE_ID, message: 'Fresh croissants at Dispatch Café' });
    expect(target.platformPostId).to.equal(post!.id);

    const publishCalls = w.fake
      .graphCalls()
      .slice(before)
      .filter((call) => call.startsWith('POST'));
    expect(publishCalls).to.deep.equal([`POST /${PAGE_ID}/photos`, `POST /${post!.id}/comments`]);
    const photoCall = w.fake.received.find((r) => r.path === `/v25.0/${PAGE_ID}/photos`)!;
    const bearer = String(photoCall.headers.authorization).replace('Bearer ', '');
    expect(w.fake.state.pageTokens.get(bearer), 'the Page token, not the person’s').to.equal(PAGE_ID);
    const [stored] = w.fake.state.photos.values();
    expect(stored).to.deep.include({ published: true, contentType: 'image/jpeg', altText: 'A basket of croissants' });
    expect(stored!.url.startsWith(`${w.baseUrl}/media/files/${photo}?`), 'Facebook fetched the library’s signed link').to.equal(true);
    expect(w.fake.state.comments.map(({ objectId, pageId, message }) => ({ objectId, pageId, message }))).to.deep.equal([
      { objectId: post!.id, pageId: PAGE_ID, message: 'Open from 7am' },
    ]);
    expect(await attemptOutcomesOf(w, postId, target.id)).to.deep.equal(['published', 'published']);
  });

  it('fails a post meant for friends only with the reason, and sends Facebook nothing (a Page’s posts are public)', async () => {
    const pageConnection = await connectPage(w);
    const postId = await postOverApi(w, { id: pageConnection, platform: 'FACEBOOK' }, [segment('Staff party on Friday')], {
      settings: { platform: 'FACEBOOK', values: { privacy: 'FRIENDS' } },
    });
    const before = w.fake.received.length;
    await publishAllDue(w);
    const target = await targetOf(w, postId);
    expect(target).to.include({ status: 'failed', platformPostId: null });
    expect(target.error).to.include('a Facebook Page publishes to everyone').and.include('FRIENDS');
    expect(
      w.fake
        .graphCalls()
        .slice(before)
        .filter((call) => call.startsWith('POST')),
    ).to.deep.equal([]);
  });
});
