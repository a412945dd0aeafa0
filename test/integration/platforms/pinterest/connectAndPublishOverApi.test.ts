import fs from 'node:fs/promises';
import { expect } from 'chai';
import { TOKENS as T } from '../../../../config/tokens';
import { everyPlatformFiles } from '../../../support/mediaFiles';
import { DEFAULT_GROUP_ID, group, media, segment } from '../../../support/data/posts';
import { chooseBoard, type Connected, connectAccount, outcomesOf, type PinterestWorld, startPinterestWorld, targetOf } from './pinterestOverApi';
import { authorizeOverApi } from '../../../support/platformOverApi';

/**
 * Pinterest through the API and the engine: the account connected through its callback, a
 * board chosen from the account's boards (README.md, "Connecting accounts"), then a pin with
 * an image and its alt text published once, on the connection's board or the one the target's
 * `boardId` names (docs/spec.md, "Target settings"; docs/platforms.md).
 */
describe('Pinterest over the API: connect, choose a board, publish an image pin', function () {
  this.timeout(30_000);
  let w: PinterestWorld;
  let onNotes: Connected;
  const [ENGINES, NOTES] = ['549755885175', '549755885176'];

  before(async () => {
    w = await startPinterestWorld();
  });
  afterEach(() => w.fake.expectNoViolations());
  after(async () => {
    await w?.close();
  });

  it('sends the owner to Pinterest’s consent page with the callback and a state (no PKCE: Pinterest has none)', async () => {
    const url = await authorizeOverApi(w, 'PINTEREST');
    expect(url.origin + url.pathname).to.equal('https://pinterest.example/oauth/');
    expect(url.searchParams.get('redirect_uri')).to.equal(`${w.baseUrl}/connect/pinterest/callback`);
    expect(url.searchParams.get('client_id')).to.equal(w.fake.state.clientId);
    expect(url.searchParams.get('response_type')).to.equal('code');
    expect(url.searchParams.get('scope')!.split(',')).to.include.members(['boards:read', 'pins:write']);
    expect(url.searchParams.get('state')).to.have.length.greaterThan(20);
    expect(url.searchParams.has('code_challenge')).to.equal(false);
  });

  it('connects the account on the callback page, which names its boards, and makes a connection for the board chosen', async () => {
    const { account, page } = await connectAccount(w);
    expect(page).to.include('Engines').and.include(NOTES);
    expect(account).to.include({ accountId: w.fake.state.account.id, handle: 'ada_pins', status: 'active' });

    onNotes = await chooseBoard(w, account.id, NOTES);
    expect(onNotes).to.include({ accountId: w.fake.state.account.id, handle: 'ada_pins', status: 'active' });
    expect(onNotes.publishAs).to.deep.include({ id: NOTES, kind: 'board', name: 'Notes' });
    expect(onNotes.id).to.not.equal(account.id);
    const refused = await w.http.post(`/v1/workspaces/${w.ws}/connections/${account.id}/target`).set(w.auth).send({ publishAsId: '999' });
    expect(refused.status).to.equal(422);
    expect(refused.body.error.details[0].message).to.include(`${ENGINES} (Engines)`);
  });

  /** A publish_now post with one photo; `boardId` as the target's setting. */
  async function pinNow(text: string, altText: string, boardId: string | null) {
    const photo = await w.t.given.media(w.ws, 'photo');
    const created = await w.http
      .post(`/v1/workspaces/${w.ws}/posts`)
      .set(w.auth)
      .send({
        groups: [group(DEFAULT_GROUP_ID, true, [segment(text, [media(photo, { altText })])])],
        targets: [{ connectionId: onNotes.id, groupId: DEFAULT_GROUP_ID, settings: { platform: 'PINTEREST', values: { boardId } }, scheduledAt: null }],
        intent: 'publish_now',
      });
    expect(created.status, JSON.stringify(created.body)).to.equal(200);
    await w.t.composition.get(T.PublishDueTargets).run('worker-1');
    return { postId: created.body.id as string, target: await targetOf(w, created.body.id) };
  }

  it('publishes the pin once to the chosen board: the text as its description, the alt text, the image fetched from the service', async () => {
    const { postId, target } = await pinNow('Notes on the Analytical Engine', 'a blue square', null);
    expect(target, target.error ?? '').to.include({ status: 'published' });
    expect(w.fake.state.pins).to.have.length(1);
    const [pin] = w.fake.state.pins;
    expect(target.platformPostId).to.equal(pin.id);
    expect(target.platformPostUrl).to.equal(`https://www.pinterest.com/pin/${pin.id}/`);
    expect(w.fake.requestsTo('POST', '/v5/pins'), 'one publish call').to.equal(1);
    expect(pin.body).to.include({ board_id: NOTES, description: 'Notes on the Analytical Engine', alt_text: 'a blue square' });
    expect(pin.body).to.not.have.any.keys('title', 'link');
    const source = pin.body.media_source as { source_type: string; url: string };
    expect(source.source_type).to.equal('image_url');
    expect(source.url.startsWith(`${w.baseUrl}/media/files/`), source.url).to.equal(true);
    expect(pin.fetchedImages[0].bytes.equals(await fs.readFile((await everyPlatformFiles()).photo)), 'the very photo uploaded').to.equal(true);
    expect(await outcomesOf(w, postId, target.id)).to.deep.equal(['published']);
  });

  it('pins to the board the target’s boardId names, over the connection’s own', async () => {
    const { target } = await pinNow('A second engine', 'a diagram', ENGINES);
    expect(target, target.error ?? '').to.include({ status: 'published' });
    expect(w.fake.state.pins).to.have.length(2);
    expect(w.fake.state.pins[1].body).to.include({ board_id: ENGINES, description: 'A second engine', alt_text: 'a diagram' });
    expect(target.platformPostId).to.equal(w.fake.state.pins[1].id);
  });

  it('refuses a title or link in the target settings: docs/spec.md gives Pinterest boardId alone', async () => {
    const photo = await w.t.given.media(w.ws, 'photo');
    const settings = { platform: 'PINTEREST', values: { boardId: null, title: 'A title', link: 'https://ada.example' } };
    const refused = await w.http
      .post(`/v1/workspaces/${w.ws}/posts`)
      .set(w.auth)
      .send({
        groups: [group(DEFAULT_GROUP_ID, true, [segment('x', [media(photo)])])],
        targets: [{ connectionId: onNotes.id, groupId: DEFAULT_GROUP_ID, settings, scheduledAt: null }],
        intent: 'publish_now',
      });
    expect(refused.status).to.equal(422);
    const paths = refused.body.error.details.map((d: { path: string }) => d.path).join(' ');
    expect(paths).to.include('values.title').and.include('values.link');
    expect(w.fake.state.pins, 'nothing pinned').to.have.length(2);
  });
});
