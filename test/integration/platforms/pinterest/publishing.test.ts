import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type PinterestConnector } from '../../../../adapters/outbound/platforms/pinterest/PinterestConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type TargetSettings } from '../../../../domain/post/TargetSettings';
import { PinterestFake } from '../../../support/fakes/pinterestFake';
import { makePng } from '../../../support/mediaFiles';
import { BOARD_ACCOUNT, MediaLibrary, NOW, SCOPES, connectorFor, grantFrom, segment } from './pinterestTestKit';

describe('Pinterest connector: image pins against a local Pinterest', () => {
  let fake: PinterestFake;
  let connector: PinterestConnector;
  let grant: OAuth2Grant;
  let dir: string;
  let library: MediaLibrary;

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pinterest-'));
    const files = { photo: await makePng(dir, 8, 8, 'a.png'), second: await makePng(dir, 9, 9, 'b.png'), third: await makePng(dir, 10, 10, 'c.png') };
    library = await MediaLibrary.serve(files);
  });
  after(async () => {
    await library.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    fake = await PinterestFake.start();
    connector = connectorFor(fake);
    grant = grantFrom(fake.tokens());
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('pins an image from its signed link to the connection’s board: the text is the description, the alt text mapped', async () => {
    const outcome = await connector.publisher.publish(
      segment({ text: 'Notes (on the engine)', media: [{ id: 'photo', altText: 'A blue square', thumbnailTimestamp: null }] }),
      grant,
      library,
      BOARD_ACCOUNT,
    );
    const [pin] = fake.state.pins;
    expect(outcome).to.deep.equal({
      kind: 'published',
      platformPostId: pin.id,
      platformPostUrl: `https://www.pinterest.com/pin/${pin.id}/`,
      postedAt: NOW,
      statusCode: 201,
    });
    expect(pin.body).to.deep.equal({
      board_id: fake.state.boards[0].id,
      description: 'Notes (on the engine)',
      alt_text: 'A blue square',
      media_source: { source_type: 'image_url', url: await library.link('photo') },
    });
    expect(pin.fetchedImages[0].bytes.equals(await fs.readFile(path.join(dir, 'a.png')))).to.equal(true);
    const sent = fake.received.find((r) => r.path === '/v5/pins');
    expect(sent?.headers.authorization).to.equal(`Bearer ${grant.accessToken}`);
  });

  it('the target’s board overrides the connection’s, and a title and link in the settings are sent', async () => {
    const settings = { platform: 'PINTEREST', values: { boardId: fake.state.boards[1].id, title: ' Engines ', link: 'https://ada.example/notes' } };
    const outcome = await connector.publisher.publish(segment({ settings: settings as unknown as TargetSettings }), grant, library, BOARD_ACCOUNT);
    expect(outcome.kind, JSON.stringify(outcome)).to.equal('published');
    expect(fake.state.pins[0].body).to.deep.include({ board_id: fake.state.boards[1].id, title: 'Engines', link: 'https://ada.example/notes' });
  });

  it('several images make one pin from multiple_image_urls, each fetched', async () => {
    const media = ['photo', 'second', 'third'].map((id) => ({ id, altText: null, thumbnailTimestamp: null }));
    const outcome = await connector.publisher.publish(segment({ media }), grant, library, BOARD_ACCOUNT);
    expect(outcome.kind, JSON.stringify(outcome)).to.equal('published');
    const [pin] = fake.state.pins;
    expect(pin.body.media_source).to.deep.equal({
      source_type: 'multiple_image_urls',
      items: [{ url: await library.link('photo') }, { url: await library.link('second') }, { url: await library.link('third') }],
    });
    expect(pin.fetchedImages.map((image) => image.contentType)).to.deep.equal(['image/png', 'image/png', 'image/png']);
  });

  it('text alone: rejected before anything is sent (a pin needs an image or a video)', async () => {
    const outcome = await connector.publisher.publish(segment({ media: [] }), grant, library, BOARD_ACCOUNT);
    expect(outcome).to.deep.equal({ kind: 'rejected', reason: 'a pin needs an image or a video' });
    expect(fake.received).to.have.length(0);
  });

  it('no board anywhere: rejected before anything is sent', async () => {
    const outcome = await connector.publisher.publish(segment(), grant, library, { ...BOARD_ACCOUNT, publishAs: null });
    expect(outcome).to.deep.include({ kind: 'rejected' });
    expect(fake.received).to.have.length(0);
  });

  it('a connection made before boards:write was asked for: needs reconnect, naming the permission, nothing sent', async () => {
    const scopes = SCOPES.filter((s) => s !== 'boards:write');
    const outcome = await connector.publisher.publish(segment(), { ...grantFrom(fake.tokens(scopes)), scopes }, library, BOARD_ACCOUNT);
    expect(outcome).to.deep.equal({
      kind: 'needsReconnect',
      reason: "the connection lacks Pinterest's boards:write permission a pin needs: connect the account again",
    });
    expect(fake.received).to.have.length(0);
  });

  it('a link Pinterest cannot fetch an image from: rejected with Pinterest’s message', async () => {
    const broken = { ...library, open: library.open.bind(library), link: () => library.link('nothing-here') };
    const outcome = await connector.publisher.publish(segment(), grant, broken, BOARD_ACCOUNT);
    expect(outcome).to.deep.include({ kind: 'rejected', statusCode: 400 });
    expect(outcome.kind === 'rejected' && outcome.reason).to.match(/^Pinterest: .*could not fetch the image/);
  });
});
