import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type FacebookConnector } from '../../../../adapters/outbound/platforms/facebook/FacebookConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { APP_THROTTLED, EXPIRED_SESSION, UNEXPECTED, permissionError } from '../../../support/fakes/facebookFakeAnswers';
import { FacebookFake } from '../../../support/fakes/facebookFake';
import { LocalHttpServer } from '../../../support/localHttpServer';
import { makePng } from '../../../support/mediaFiles';
import { connectedGrant, connectorFor, MediaLibrary, mediaItem, PAGE_ACCOUNT, PAGE_ID, segment } from './facebookTestKit';

const FEED = `POST /${PAGE_ID}/feed`;

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
  afterEach(() => fake.stop());

  it('190 (a session expired, a password changed): needs reconnect, with Meta’s message', async () => {
    fake.answerNext(FEED, { kind: 'error', error: EXPIRED_SESSION });
    const outcome = await connector.publisher.publish(segment(), grant, library.access, PAGE_ACCOUNT);
    expect(outcome).to.deep.equal({ kind: 'needsReconnect', reason: `Facebook: ${EXPIRED_SESSION.message} (#190/463)`, statusCode: 400 });
  });

  it('190 when asking for the Page token: needs reconnect, nothing posted', async () => {
    fake.answerNext(`GET /${PAGE_ID}`, { kind: 'error', error: EXPIRED_SESSION });
    const outcome = await connector.publisher.publish(segment(), grant, library.access, PAGE_ACCOUNT);
    expect(outcome.kind).to.equal('needsReconnect');
    expect(fake.requestsTo('POST', `/${PAGE_ID}/feed`)).to.equal(0);
  });

  it('code 4 (application throttled): retry later, after a quarter hour', async () => {
    fake.answerNext(FEED, { kind: 'error', error: APP_THROTTLED });
    const outcome = await connector.publisher.publish(segment(), grant, library.access, PAGE_ACCOUNT);
    expect(outcome).to.deep.equal({ kind: 'retryLater', afterSeconds: 900, reason: 'Facebook: (#4) Application request limit reached', statusCode: 403 });
    expect(fake.state.posts).to.have.length(0);
  });

  it('a permission error (200): rejected', async () => {
    fake.answerNext(FEED, { kind: 'error', error: permissionError('(#200) The user hasn’t authorized the application to perform this action') });
    const outcome = await connector.publisher.publish(segment(), grant, library.access, PAGE_ACCOUNT);
    expect(outcome).to.deep.include({ kind: 'rejected', statusCode: 403 });
  });

  it('a 5xx on /feed: the outcome is unknown (Meta got it and takes no idempotency key)', async () => {
    fake.answerNext(FEED, { kind: 'error', error: UNEXPECTED });
    const outcome = await connector.publisher.publish(segment(), grant, library.access, PAGE_ACCOUNT);
    expect(outcome).to.deep.equal({ kind: 'outcomeUnknown', reason: `publish outcome unknown: Facebook: ${UNEXPECTED.message} (#2)`, statusCode: 500 });
  });

  it('a 5xx on an unpublished photo: retry later, no post made (nothing is visible yet)', async () => {
    fake.answerNext(`POST /${PAGE_ID}/photos`, { kind: 'error', error: UNEXPECTED });
    const outcome = await connector.publisher.publish(segment({ media: [mediaItem('a'), mediaItem('b')] }), grant, library.access, PAGE_ACCOUNT);
    expect(outcome).to.deep.include({ kind: 'retryLater', afterSeconds: 60, statusCode: 500 });
    expect(fake.requestsTo('POST', `/${PAGE_ID}/feed`)).to.equal(0);
  });

  it('a timeout after Meta received the post: outcome unknown, and Meta saw it', async () => {
    fake.answerNext(FEED, { kind: 'stall' });
    const impatient = connectorFor(fake, { timeoutMs: 300 });
    const outcome = await impatient.publisher.publish(segment({ text: 'stalled' }), grant, library.access, PAGE_ACCOUNT);
    expect(outcome).to.deep.equal({ kind: 'outcomeUnknown', reason: 'publish outcome unknown: Facebook did not answer within 300 ms' });
    const seen = fake.state.received.filter((r) => r.path === `/${PAGE_ID}/feed`);
    expect(seen.map((r) => r.params.message)).to.deep.equal(['stalled']);
  });

  it('a refused connection: retry later (the request never left)', async () => {
    const closed = await LocalHttpServer.start('127.0.0.1', () => undefined);
    const base = closed.url('/v25.0');
    await closed.stop();
    const unreachable = connectorFor(fake, { apiBaseUrl: base });
    const outcome = await unreachable.publisher.publish(segment(), grant, library.access, PAGE_ACCOUNT);
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
