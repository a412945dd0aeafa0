import { expect } from 'chai';
import { type YouTubeConnector } from '../../../../adapters/outbound/platforms/youtube/YouTubeConnector';
import { type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { randomContent } from '../../../support/byteStreams';
import { YouTubeFake } from '../../../support/fakes/youtubeFake';
import { LocalHttpServer } from '../../../support/localHttpServer';
import { accountOf, comment, connectorFor, grantFrom, mediaOf, segment } from './youtubeTestKit';

const START = 'POST /upload/youtube/v3/videos';
const COMMENT = 'youtube.commentThreads.insert';

describe('YouTube connector: what a failed call becomes', () => {
  let fake: YouTubeFake;
  let connector: YouTubeConnector;
  let grant: OAuth2Grant;
  let account: PublishingAccount;
  const video = () => mediaOf(randomContent(1000));

  beforeEach(async () => {
    fake = await YouTubeFake.start();
    connector = connectorFor(fake);
    grant = grantFrom(fake.tokens());
    account = accountOf(fake);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  async function publishedVideoId(): Promise<string> {
    const outcome = await connector.publisher.publish(segment(), grant, video(), account);
    if (outcome.kind !== 'published') throw new Error(`expected published, got ${outcome.kind}`);
    return outcome.platformPostId;
  }

  it('401: needs reconnect (the engine refreshes once and tries again)', async () => {
    fake.answerNext(START, { kind: 'unauthorized' });
    const outcome = await connector.publisher.publish(segment(), grant, video(), account);
    expect(outcome).to.deep.include({ kind: 'needsReconnect', statusCode: 401 });
    expect(fake.state.videos).to.have.length(0);
  });

  it('a token Google no longer takes (expired): 401, needs reconnect, nothing uploaded', async () => {
    fake.state.expire(grant.accessToken);
    const outcome = await connector.publisher.publish(segment(), grant, video(), account);
    expect(outcome).to.deep.include({ kind: 'needsReconnect', statusCode: 401 });
    expect(fake.state.sessions.size).to.equal(0);
  });

  it('the project’s daily quota spent: retry after it resets at midnight Pacific time', async () => {
    fake.answerNext(START, { kind: 'quotaExceeded' });
    const outcome = await connector.publisher.publish(segment(), grant, video(), account);
    // NOW is 04:00 in Los Angeles: 20 hours to midnight, and a minute.
    expect(outcome).to.deep.include({ kind: 'retryLater', afterSeconds: 20 * 3600 + 60, statusCode: 403 });
    expect(outcome.kind === 'retryLater' && outcome.reason).to.match(/\(quotaExceeded\)$/);
  });

  it('the channel’s upload cap reached: retry in a day', async () => {
    fake.answerNext(START, { kind: 'uploadLimitExceeded' });
    const outcome = await connector.publisher.publish(segment(), grant, video(), account);
    expect(outcome).to.deep.equal({
      kind: 'retryLater',
      afterSeconds: 86_400,
      reason: 'YouTube: The user has exceeded the number of videos they may upload. (uploadLimitExceeded)',
      statusCode: 403,
    });
  });

  it('429 with Retry-After: retry no sooner than Google says, nothing uploaded', async () => {
    fake.answerNext(START, { kind: 'rateLimited', retryAfterSeconds: 137 });
    const outcome = await connector.publisher.publish(segment(), grant, video(), account);
    expect(outcome).to.deep.equal({ kind: 'retryLater', afterSeconds: 137, reason: 'YouTube: Too many requests. (rateLimitExceeded)', statusCode: 429 });
    expect(fake.state.sessions.size).to.equal(0);
  });

  it('a 5xx when starting the session: retry later (a session shows nothing)', async () => {
    fake.answerNext(START, { kind: 'serverError' });
    const outcome = await connector.publisher.publish(segment(), grant, video(), account);
    expect(outcome).to.deep.include({ kind: 'retryLater', statusCode: 503 });
  });

  it('a comment that timed out after YouTube received it: outcome unknown, never sent again', async () => {
    const videoId = await publishedVideoId();
    fake.answerNext(COMMENT, { kind: 'stall' });
    const impatient = connectorFor(fake, { timeoutMs: 300 });
    const outcome = await impatient.publisher.publish(comment(videoId), grant, video(), account);
    if (outcome.kind !== 'outcomeUnknown') throw new Error(`expected outcomeUnknown, got ${outcome.kind}`);
    expect(outcome.reason).to.match(/^publish outcome unknown: YouTube did not answer within 300 ms/);
    expect(fake.requestsTo('POST', '/youtube/v3/commentThreads')).to.equal(1);
  });

  it('a 5xx on a comment: outcome unknown (YouTube takes no idempotency key)', async () => {
    const videoId = await publishedVideoId();
    fake.answerNext(COMMENT, { kind: 'serverError' });
    const outcome = await connector.publisher.publish(comment(videoId), grant, video(), account);
    expect(outcome).to.deep.include({ kind: 'outcomeUnknown', statusCode: 503 });
  });

  it('a comment on a video YouTube does not have: rejected', async () => {
    const outcome = await connector.publisher.publish(comment('vidMissing00'), grant, video(), account);
    expect(outcome).to.deep.include({ kind: 'rejected', reason: 'YouTube has no video vidMissing00 to comment on' });
  });

  it('a refused connection before anything was sent: retry later', async () => {
    const closed = await LocalHttpServer.start('127.0.0.1', () => undefined);
    const base = closed.url('').replace(/\/$/, '');
    await closed.stop();
    const outcome = await connectorFor(fake, { apiBaseUrl: base }).publisher.publish(segment(), grant, video(), account);
    if (outcome.kind !== 'retryLater') throw new Error(`expected retryLater, got ${outcome.kind}`);
    expect(outcome.reason).to.match(/ECONNREFUSED/);
  });
});
