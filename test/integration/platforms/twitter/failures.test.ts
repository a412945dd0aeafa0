import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type TwitterConnector } from '../../../../adapters/outbound/platforms/twitter/TwitterConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { TwitterFake } from '../../../support/fakes/twitterFake';
import { LocalHttpServer } from '../../../support/localHttpServer';
import { makePng } from '../../../support/mediaFiles';
import { NO_MEDIA, NOW, connectorFor, grantFrom, mediaFrom, segment } from './twitterTestKit';

describe('Twitter connector: what a failed call becomes', () => {
  let fake: TwitterFake;
  let connector: TwitterConnector;
  let grant: OAuth2Grant;

  beforeEach(async () => {
    fake = await TwitterFake.start();
    connector = connectorFor(fake);
    grant = grantFrom(fake.tokens());
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('429: retry later, no sooner than x-rate-limit-reset', async () => {
    fake.answerNext('POST /2/tweets', { kind: 'rateLimited', resetAtEpochSeconds: NOW.getTime() / 1000 + 600 });
    const outcome = await connector.publisher.publish(segment(), grant, NO_MEDIA, UNNAMED_ACCOUNT);
    expect(outcome).to.deep.equal({ kind: 'retryLater', afterSeconds: 600, reason: 'X: Too Many Requests', statusCode: 429 });
    expect(fake.state.tweets).to.have.length(0);
  });

  it('a 5xx on the tweet: outcome unknown (X got it and takes no idempotency key)', async () => {
    fake.answerNext('POST /2/tweets', { kind: 'serverError', status: 503 });
    const outcome = await connector.publisher.publish(segment(), grant, NO_MEDIA, UNNAMED_ACCOUNT);
    expect(outcome).to.deep.equal({ kind: 'outcomeUnknown', reason: 'publish outcome unknown: X: Service Unavailable', statusCode: 503 });
  });

  it('a 5xx while uploading an image: retry later (nothing was published yet)', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'twitter-'));
    fake.answerNext('POST /2/media/upload', { kind: 'serverError' });
    const media = [{ id: 'm', altText: null, thumbnailTimestamp: null }];
    const outcome = await connector.publisher.publish(segment({ media }), grant, mediaFrom({ m: await makePng(dir, 8, 8) }), UNNAMED_ACCOUNT);
    expect(outcome).to.deep.include({ kind: 'retryLater', statusCode: 500 });
    expect(fake.requestsTo('POST', '/2/tweets')).to.equal(0);
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('403 duplicate content: rejected with X’s words (scripted, and as X answers the same text twice)', async () => {
    fake.answerNext('POST /2/tweets', { kind: 'duplicate' });
    const scripted = await connector.publisher.publish(segment(), grant, NO_MEDIA, UNNAMED_ACCOUNT);
    const reason = 'X: You are not allowed to create a Tweet with duplicate content.';
    expect(scripted).to.deep.equal({ kind: 'rejected', reason, statusCode: 403 });
    expect((await connector.publisher.publish(segment({ text: 'once' }), grant, NO_MEDIA, UNNAMED_ACCOUNT)).kind).to.equal('published');
    expect(await connector.publisher.publish(segment({ text: 'once' }), grant, NO_MEDIA, UNNAMED_ACCOUNT)).to.deep.equal({
      kind: 'rejected',
      reason,
      statusCode: 403,
    });
  });

  it('401: needs reconnect (the publishing engine then renews the grant once and tries again)', async () => {
    fake.answerNext('POST /2/tweets', { kind: 'unauthorized' });
    const outcome = await connector.publisher.publish(segment(), grant, NO_MEDIA, UNNAMED_ACCOUNT);
    expect(outcome).to.deep.equal({ kind: 'needsReconnect', reason: 'X: Unauthorized', statusCode: 401 });
    expect(fake.state.tweets).to.have.length(0);
  });

  it('a timeout after X received the tweet: outcome unknown, and X saw it', async () => {
    fake.answerNext('POST /2/tweets', { kind: 'stall' });
    const impatient = connectorFor(fake, { timeoutMs: 300 });
    const outcome = await impatient.publisher.publish(segment({ text: 'stalled' }), grant, NO_MEDIA, UNNAMED_ACCOUNT);
    if (outcome.kind !== 'outcomeUnknown') throw new Error(`expected outcomeUnknown, got ${outcome.kind}`);
    expect(outcome.reason).to.match(/^publish outcome unknown: X did not answer within 300 ms/);
    const seen = fake.received.filter((r) => r.path === '/2/tweets');
    expect(seen).to.have.length(1);
    expect(JSON.parse(seen[0].body.toString()).text).to.equal('stalled');
  });

  it('a refused connection: retry later (the request never left)', async () => {
    const closed = await LocalHttpServer.start('127.0.0.1', () => undefined);
    const base = closed.url('').replace(/\/$/, '');
    await closed.stop();
    const outcome = await connectorFor(fake, { apiBaseUrl: base }).publisher.publish(segment(), grant, NO_MEDIA, UNNAMED_ACCOUNT);
    if (outcome.kind !== 'retryLater') throw new Error(`expected retryLater, got ${outcome.kind}`);
    expect(outcome.reason).to.match(/ECONNREFUSED/);
  });
});
