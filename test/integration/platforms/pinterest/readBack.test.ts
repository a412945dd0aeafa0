import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PinterestFake } from '../../../support/fakes/pinterestFake';
import { makePng } from '../../../support/mediaFiles';
import { readBackScenarios } from '../../../support/readBackScenarios';
import { BOARD_ACCOUNT, MediaLibrary, NOW, connectorFor, grantFrom, SCOPES, segment } from './pinterestTestKit';

describe('Pinterest connector: reading the account back (GET /v5/pins)', () => {
  let fake: PinterestFake;
  let dir: string;
  let library: MediaLibrary;

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pinterest-read-'));
    library = await MediaLibrary.serve({ photo: await makePng(dir, 8, 8, 'a.png'), second: await makePng(dir, 9, 9, 'b.png') });
  });
  after(async () => {
    await library.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    fake = await PinterestFake.start();
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('lists the account’s pins since a time, with their description, time, media count and page', async () => {
    const connector = connectorFor(fake);
    const grant = grantFrom(fake.tokens());
    fake.state.now = () => new Date(NOW.getTime() - 3_600_000);
    await connector.publisher.publish(segment({ text: 'An hour ago' }), grant, library, BOARD_ACCOUNT);
    fake.state.now = () => NOW;
    const two = ['photo', 'second'].map((id) => ({ id, altText: null, thumbnailTimestamp: null }));
    const published = await connector.publisher.publish(segment({ text: 'Just now', media: two }), grant, library, BOARD_ACCOUNT);
    if (published.kind !== 'published') throw new Error(JSON.stringify(published));
    const read = await connector.reader.recentPosts({ account: BOARD_ACCOUNT, grant, since: new Date(NOW.getTime() - 60_000), replyTo: null });
    expect(read).to.deep.equal({
      ok: true,
      posts: [
        {
          platformPostId: published.platformPostId,
          platformPostUrl: published.platformPostUrl,
          text: 'Just now',
          createdAt: NOW,
          mediaCount: 2,
          replyToPlatformPostId: null,
        },
      ],
    });
    const sent = fake.received.find((r) => r.method === 'GET' && r.path === '/v5/pins');
    expect(Object.fromEntries(sent?.query ?? [])).to.deep.equal({ page_size: '250' });
    expect(sent?.headers.authorization).to.equal(`Bearer ${grant.accessToken}`);
  });

  it('says why a read failed, in Pinterest’s words', async () => {
    fake.answerNext('GET /v5/pins', { kind: 'rateLimited', retryAfterSeconds: 30 });
    const read = await connectorFor(fake).reader.recentPosts({ account: BOARD_ACCOUNT, grant: grantFrom(fake.tokens()), since: NOW, replyTo: null });
    expect(read).to.deep.equal({ ok: false, reason: 'Pinterest: You have exceeded your rate limit. Try again later. (code 8)' });
  });

  it('a connection made before pins:read was granted: the read fails asking to reconnect, nothing sent', async () => {
    const scopes = SCOPES.filter((s) => s !== 'pins:read');
    const grant = { ...grantFrom(fake.tokens(scopes)), scopes };
    const read = await connectorFor(fake).reader.recentPosts({ account: BOARD_ACCOUNT, grant, since: NOW, replyTo: null });
    expect(read).to.deep.equal({ ok: false, reason: "the connection lacks Pinterest's pins:read permission: connect the account again" });
    expect(fake.received).to.have.length(0);
  });
});

readBackScenarios('Pinterest', async () => {
  const fake = await PinterestFake.start();
  // The engine's media links point at no server here: the fake takes them as Pinterest would find them.
  fake.state.fetchesImages = false;
  const [board] = fake.state.boards;
  return {
    platform: 'PINTEREST',
    connector: connectorFor(fake, { now: () => new Date() }),
    grant: grantFrom(fake.tokens()),
    account: { accountId: fake.state.account.id, handle: fake.state.account.username },
    publishAs: { id: board!.id, kind: 'board', name: board!.name },
    useClock: (now) => {
      fake.state.now = now;
    },
    loseAnswerAfterPosting: () => fake.answerNext('pins/create', { kind: 'actThenDrop' }),
    loseRequest: () => fake.answerNext('pins/create', { kind: 'dropBeforeRecording' }),
    failNextRead: () => fake.answerNext('pins/list', { kind: 'serverError' }),
    posts: () => fake.state.pins.length,
    urlOf: (id) => `https://www.pinterest.com/pin/${id}/`,
    stop: () => fake.stop().then(() => fake.expectNoViolations()),
  };
});
