import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type FacebookConnector } from '../../../../adapters/outbound/platforms/facebook/FacebookConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { FacebookFake } from '../../../support/fakes/facebookFake';
import { permissionError } from '../../../support/fakes/facebookFakeAccess';
import { EXPIRED_SESSION, UNEXPECTED } from '../../../support/fakes/kit/metaGraphAnswers';
import { LocalHttpServer } from '../../../support/localHttpServer';
import { makePng } from '../../../support/mediaFiles';
import { connectedGrant, connectorFor, MediaLibrary, mediaItem, PAGE_ACCOUNT, PAGE_ID, segment } from './facebookTestKit';

describe('Facebook connector: what a failed call becomes', () => {
  let fake: FacebookFake;
  let connector: FacebookConnector;
  let grant: OAuth2Grant;
  let dir: string;
  let library: MediaLibrary;

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'facebook-'));
    library = await MediaLibrary.start({ a: await makePng(dir, 8, 8, 'a.png'), b: await makePng(dir, 8, 8, 'b.png') });
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

  const publish = (overrides = {}) => connector.publisher.publish(segment(overrides), grant, library.access, PAGE_ACCOUNT);

  it('190 (a session expired, a password changed): needs reconnect, with Meta’s message', async () => {
    fake.answerNext('page.feed', { kind: 'error', error: EXPIRED_SESSION });
    expect(await publish()).to.deep.equal({ kind: 'needsReconnect', reason: `Facebook: ${EXPIRED_SESSION.message} (#190/463)`, statusCode: 400 });
  });

  it('190 when asking for the Page token: needs reconnect, nothing posted', async () => {
    fake.answerNext('node.get', { kind: 'error', error: EXPIRED_SESSION });
    expect((await publish()).kind).to.equal('needsReconnect');
    expect(fake.graphRequests('POST', `/${PAGE_ID}/feed`)).to.equal(0);
  });

  it('a throttle (Business Use Case, 80001): retry later, no sooner than X-Business-Use-Case-Usage says access comes back', async () => {
    fake.answerNext('page.feed', { kind: 'throttled', code: 80001, regainMinutes: 23 });
    const outcome = await publish();
    expect(outcome).to.deep.include({ kind: 'retryLater', afterSeconds: 23 * 60, statusCode: 400 });
    expect(fake.state.posts).to.have.length(0);
  });

  it('code 4 without a usage header: retry later, after a quarter hour', async () => {
    fake.answerNext('page.feed', { kind: 'error', error: { status: 403, code: 4, message: '(#4) Application request limit reached', transient: true } });
    expect(await publish()).to.deep.equal({
      kind: 'retryLater',
      afterSeconds: 900,
      reason: 'Facebook: (#4) Application request limit reached',
      statusCode: 403,
    });
  });

  it('code 341 (application limit reached: "wait and retry"): retry later, not a refusal (review 4)', async () => {
    fake.answerNext('page.feed', { kind: 'error', error: { status: 400, code: 341, message: '(#341) Application limit reached' } });
    expect(await publish()).to.deep.include({ kind: 'retryLater', afterSeconds: 900 });
  });

  it('a permission not granted or removed (200): needs reconnect, asking for it again (review 3)', async () => {
    fake.answerNext('page.feed', { kind: 'error', error: permissionError('(#200) The user hasn’t authorized the application to perform this action') });
    expect(await publish()).to.deep.include({ kind: 'needsReconnect', statusCode: 403 });
  });

  it('a comment on a connection made before commenting was asked for: needs reconnect, naming the permission, nothing sent (review 1)', async () => {
    grant = connectedGrant(fake, 60, ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement']);
    const outcome = await publish({ segmentIndex: 1, segmentCount: 2, replyToPlatformPostId: `${PAGE_ID}_1` });
    expect(outcome).to.deep.equal({
      kind: 'needsReconnect',
      reason: 'Facebook: commenting as the Page needs pages_manage_engagement, which this connection was not granted: connect the account again',
    });
    expect(fake.received).to.have.length(0);
  });

  it('a 5xx on /feed: the outcome is unknown (Meta got it and takes no idempotency key)', async () => {
    fake.answerNext('page.feed', { kind: 'error', error: UNEXPECTED });
    expect(await publish()).to.deep.equal({ kind: 'outcomeUnknown', reason: `publish outcome unknown: Facebook: ${UNEXPECTED.message} (#2)`, statusCode: 500 });
  });

  it('a 5xx on an unpublished photo: retry later, no post made (nothing is visible yet)', async () => {
    fake.answerNext('page.photos', { kind: 'error', error: UNEXPECTED });
    expect(await publish({ media: [mediaItem('a'), mediaItem('b')] })).to.deep.include({ kind: 'retryLater', afterSeconds: 60, statusCode: 500 });
    expect(fake.graphRequests('POST', `/${PAGE_ID}/feed`)).to.equal(0);
  });

  it('a timeout after Meta received the post: outcome unknown, and Meta saw it', async () => {
    fake.answerNext('page.feed', { kind: 'stall' });
    const impatient = connectorFor(fake, { timeoutMs: 300 });
    const outcome = await impatient.publisher.publish(segment({ text: 'stalled' }), grant, library.access, PAGE_ACCOUNT);
    expect(outcome).to.deep.equal({ kind: 'outcomeUnknown', reason: 'publish outcome unknown: Facebook did not answer within 300 ms' });
    const seen = fake.received.filter((r) => r.path === `/v25.0/${PAGE_ID}/feed`);
    expect(seen.map((r) => JSON.parse(r.body.toString()).message)).to.deep.equal(['stalled']);
  });

  it('a refused connection: retry later (the request never left)', async () => {
    const closed = await LocalHttpServer.start('127.0.0.1', () => undefined);
    const base = closed.url('/v25.0');
    await closed.stop();
    const outcome = await connectorFor(fake, { apiBaseUrl: base }).publisher.publish(segment(), grant, library.access, PAGE_ACCOUNT);
    if (outcome.kind !== 'retryLater') throw new Error(`expected retryLater, got ${outcome.kind}`);
    expect(outcome.reason).to.match(/ECONNREFUSED/);
  });

  it('a photo link Facebook cannot fetch as an image: rejected with Meta’s reason', async () => {
    const broken = { ...library.access, link: async () => 'http://127.0.0.1:9/nothing-here.png' };
    const outcome = await connector.publisher.publish(segment({ media: [mediaItem('a')] }), grant, broken, PAGE_ACCOUNT);
    if (outcome.kind !== 'rejected') throw new Error(`expected rejected, got ${outcome.kind}`);
    expect(outcome.reason).to.match(/^Facebook: \(#324\) Missing or invalid image file/);
  });
});
