import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type PinterestConnector } from '../../../../adapters/outbound/platforms/pinterest/PinterestConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { PinterestFake } from '../../../support/fakes/pinterestFake';
import { LocalHttpServer } from '../../../support/localHttpServer';
import { makePng } from '../../../support/mediaFiles';
import { BOARD_ACCOUNT, MediaLibrary, connectorFor, grantFrom, segment } from './pinterestTestKit';

describe('Pinterest connector: what a failed call becomes', () => {
  let fake: PinterestFake;
  let connector: PinterestConnector;
  let grant: OAuth2Grant;
  let dir: string;
  let library: MediaLibrary;

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pinterest-'));
    library = await MediaLibrary.serve({ photo: await makePng(dir, 8, 8) });
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

  it('401: needs reconnect, with Pinterest’s message', async () => {
    fake.answerNext('POST /v5/pins', { kind: 'unauthorized' });
    const outcome = await connector.publisher.publish(segment(), grant, library, BOARD_ACCOUNT);
    expect(outcome).to.deep.equal({ kind: 'needsReconnect', reason: 'Pinterest: Authentication failed. (code 2)', statusCode: 401 });
  });

  it('429: retry later, after Retry-After when Pinterest sends it, a minute otherwise', async () => {
    fake.answerNext('POST /v5/pins', { kind: 'rateLimited', retryAfterSeconds: 900 });
    expect(await connector.publisher.publish(segment(), grant, library, BOARD_ACCOUNT)).to.deep.include({
      kind: 'retryLater',
      afterSeconds: 900,
      statusCode: 429,
    });
    fake.answerNext('POST /v5/pins', { kind: 'rateLimited', retryAfterSeconds: null });
    expect(await connector.publisher.publish(segment(), grant, library, BOARD_ACCOUNT)).to.deep.include({
      kind: 'retryLater',
      afterSeconds: 60,
      statusCode: 429,
    });
    expect(fake.state.pins).to.have.length(0);
  });

  it('a 5xx on POST /v5/pins: the outcome is unknown (Pinterest got it and takes no idempotency key)', async () => {
    fake.answerNext('POST /v5/pins', { kind: 'serverError' });
    const outcome = await connector.publisher.publish(segment(), grant, library, BOARD_ACCOUNT);
    expect(outcome).to.deep.include({ kind: 'outcomeUnknown', statusCode: 500 });
    expect(outcome.kind === 'outcomeUnknown' && outcome.reason).to.match(/^publish outcome unknown: Pinterest: Internal error/);
  });

  it('a timeout after Pinterest received the pin: outcome unknown, and Pinterest saw it', async () => {
    fake.answerNext('POST /v5/pins', { kind: 'stall' });
    const impatient = connectorFor(fake, { timeoutMs: 300 });
    const outcome = await impatient.publisher.publish(segment({ text: 'stalled' }), grant, library, BOARD_ACCOUNT);
    if (outcome.kind !== 'outcomeUnknown') throw new Error(`expected outcomeUnknown, got ${outcome.kind}`);
    expect(outcome.reason).to.equal('publish outcome unknown: Pinterest did not answer within 300 ms');
    const seen = fake.received.filter((r) => r.path === '/v5/pins');
    expect(seen).to.have.length(1);
    expect(JSON.parse(seen[0].body.toString()).description).to.equal('stalled');
  });

  it('a refused connection: retry later (the request never left)', async () => {
    const closed = await LocalHttpServer.start('127.0.0.1', () => undefined);
    const base = closed.url('').replace(/\/$/, '');
    await closed.stop();
    const outcome = await connectorFor(fake, { apiBaseUrl: base }).publisher.publish(segment(), grant, library, BOARD_ACCOUNT);
    if (outcome.kind !== 'retryLater') throw new Error(`expected retryLater, got ${outcome.kind}`);
    expect(outcome.reason).to.match(/ECONNREFUSED/);
  });

  it('a 4xx Pinterest explains (an app on Trial access): rejected as Pinterest says it', async () => {
    fake.answerNext('POST /v5/pins', { kind: 'badRequest', message: 'Apps with Trial access may not create Pins in production' });
    const outcome = await connector.publisher.publish(segment(), grant, library, BOARD_ACCOUNT);
    expect(outcome).to.deep.equal({
      kind: 'rejected',
      reason: 'Pinterest: Apps with Trial access may not create Pins in production (code 1)',
      statusCode: 400,
    });
  });

  it('a later segment: refused (Pinterest has no comments to post it as), nothing sent', async () => {
    const outcome = await connector.publisher.publish(segment({ segmentIndex: 1, segmentCount: 2, replyToPlatformPostId: '1' }), grant, library, BOARD_ACCOUNT);
    expect(outcome.kind).to.equal('rejected');
    expect(fake.received).to.have.length(0);
  });
});
