import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type TikTokConnector } from '../../../../adapters/outbound/platforms/tiktok/TikTokConnector';
import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { TikTokFake } from '../../../support/fakes/tiktokFake';
import { LocalHttpServer } from '../../../support/localHttpServer';
import { makeVideo } from '../../../support/mediaFiles';
import { ACCOUNT, connectorFor, grantFrom, mediaFrom, segment } from './tiktokTestKit';

const INIT = 'POST /v2/post/publish/video/init/';
const STATUS = 'POST /v2/post/publish/status/fetch/';
const CREATOR_INFO = 'POST /v2/post/publish/creator_info/query/';

describe('TikTok connector: what a failed call becomes', () => {
  let fake: TikTokFake;
  let connector: TikTokConnector;
  let grant: OAuth2Grant;
  let dir: string;
  let media: MediaAccess;
  let photos: MediaAccess;

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tiktok-'));
    media = mediaFrom({ 'video-1': await makeVideo(dir, { seconds: 1, width: 320, height: 568, audio: false }) });
    await fs.writeFile(path.join(dir, 'photo.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    photos = mediaFrom({ 'video-1': path.join(dir, 'photo.jpg') });
  });
  after(() => fs.rm(dir, { recursive: true, force: true }));

  beforeEach(async () => {
    fake = await TikTokFake.start();
    connector = connectorFor(fake);
    grant = grantFrom(fake.tokens());
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('access_token_invalid: needs reconnect (the engine renews the grant once first)', async () => {
    fake.answerNext(INIT, { kind: 'accessTokenInvalid' });
    const outcome = await connector.publisher.publish(segment(), grant, media, ACCOUNT);
    expect(outcome).to.deep.equal({
      kind: 'needsReconnect',
      reason: 'TikTok: The access token is invalid or not found in the request. (access_token_invalid)',
      statusCode: 401,
    });
    expect(fake.state.publishes.size).to.equal(0);
  });

  it('rate_limit_exceeded: retry later', async () => {
    fake.answerNext(INIT, { kind: 'rateLimited' });
    const outcome = await connector.publisher.publish(segment(), grant, media, ACCOUNT);
    expect(outcome).to.deep.include({ kind: 'retryLater', afterSeconds: 60, statusCode: 429 });
  });

  it('a 5xx on the video init: retry later (TikTok refused it, and nothing is published before the bytes are sent)', async () => {
    fake.answerNext(INIT, { kind: 'serverError' });
    const outcome = await connector.publisher.publish(segment(), grant, media, ACCOUNT);
    expect(outcome).to.deep.include({ kind: 'retryLater', statusCode: 500 });
    expect(fake.requestsTo('PUT', '/video/')).to.equal(0);
  });

  it('a 5xx on the photo init: outcome unknown (TikTok pulls photos itself)', async () => {
    fake.answerNext('POST /v2/post/publish/content/init/', { kind: 'serverError' });
    const outcome = await connector.publisher.publish(segment(), grant, photos, ACCOUNT);
    expect(outcome).to.deep.include({ kind: 'outcomeUnknown', statusCode: 500 });
  });

  it('spam_risk_too_many_posts: rejected with what it means', async () => {
    fake.answerNext(INIT, { kind: 'apiError', status: 403, code: 'spam_risk_too_many_posts', message: 'The daily post cap is reached.' });
    const outcome = await connector.publisher.publish(segment(), grant, media, ACCOUNT);
    expect(outcome).to.deep.equal({
      kind: 'rejected',
      reason:
        "TikTok: The daily post cap is reached. (spam_risk_too_many_posts): the creator reached TikTok's daily limit of posts through apps: try again tomorrow",
      statusCode: 403,
    });
  });

  it('429 rate_limit_exceeded with Retry-After: retry no sooner than TikTok says, nothing made', async () => {
    fake.answerNext(INIT, { kind: 'rateLimited', retryAfterSeconds: 95 });
    const outcome = await connector.publisher.publish(segment(), grant, media, ACCOUNT);
    expect(outcome).to.deep.include({ kind: 'retryLater', afterSeconds: 95, statusCode: 429 });
    expect(fake.state.publishes.size).to.equal(0);
  });

  it('scope_permission_missed: needs reconnect, granting video.publish', async () => {
    fake.answerNext(INIT, { kind: 'apiError', status: 401, code: 'scope_permission_missed', message: 'The scope is missing.' });
    const outcome = await connector.publisher.publish(segment(), grant, media, ACCOUNT);
    expect(outcome).to.deep.equal({
      kind: 'needsReconnect',
      reason: 'TikTok: The scope is missing. (scope_permission_missed): connect the account again, granting video.publish',
      statusCode: 401,
    });
  });

  describe('creator_info answering a creator who cannot post with status 200 (docs/platforms.md, TikTok review 1)', () => {
    const refusals = [
      ['spam_risk_user_banned_from_posting', 'TikTok does not let this creator post at the moment'],
      ['spam_risk_too_many_posts', "the creator reached TikTok's daily limit of posts through apps: try again tomorrow"],
      ['reached_active_user_cap', "the app reached TikTok's daily cap of creators posting through it: try again tomorrow"],
    ];
    for (const [code, advice] of refusals) {
      it(`${code}: rejected with TikTok's reason, never asked again every minute, nothing sent`, async () => {
        fake.answerNext(CREATOR_INFO, { kind: 'apiError', status: 200, code, message: 'The creator cannot post now.' });
        const outcome = await connector.publisher.publish(segment(), grant, media, ACCOUNT);
        expect(outcome).to.deep.equal({ kind: 'rejected', reason: `TikTok: The creator cannot post now. (${code}): ${advice}`, statusCode: 200 });
        expect(fake.requestsTo('POST', '/v2/post/publish/video/init/')).to.equal(0);
      });
    }
  });

  it('a 5xx on the status fetch: retry later with the checkpoint kept by the engine; the next check publishes, nothing is sent twice', async () => {
    const first = await connector.publisher.publish(segment(), grant, media, ACCOUNT);
    const checkpoint = (first as { checkpoint: string }).checkpoint;
    fake.answerNext(STATUS, { kind: 'serverError' });
    const failed = await connector.publisher.publish(segment({ checkpoint }), grant, media, ACCOUNT);
    expect(failed).to.deep.include({ kind: 'retryLater', statusCode: 500 });
    const settled = await connector.publisher.publish(segment({ checkpoint }), grant, media, ACCOUNT);
    expect(settled.kind).to.equal('published');
    expect(fake.requestsTo('POST', '/v2/post/publish/video/init/')).to.equal(1);
  });

  it('a timeout after TikTok received the video init: retry later (nothing is posted before the bytes go to the upload_url it named)', async () => {
    fake.answerNext(INIT, { kind: 'stall' });
    const outcome = await connectorFor(fake, { timeoutMs: 300 }).publisher.publish(segment(), grant, media, ACCOUNT);
    expect(outcome).to.deep.equal({ kind: 'retryLater', afterSeconds: 60, reason: 'TikTok did not answer within 300 ms' });
    expect(fake.requestsTo('POST', '/v2/post/publish/video/init/')).to.equal(1);
  });

  it('a video init TikTok made but whose answer was lost: the next call posts once; the lost one, never sent its bytes, is never posted', async () => {
    fake.answerNext(INIT, { kind: 'actThenDrop' });
    const lost = await connector.publisher.publish(segment(), grant, media, ACCOUNT);
    expect(lost.kind).to.equal('retryLater');
    const again = await connector.publisher.publish(segment(), grant, media, ACCOUNT);
    const [orphan, posted] = [...fake.state.publishes.values()];
    expect(again).to.deep.include({ kind: 'processing', checkpoint: posted.publishId });
    expect(orphan.chunks, 'no bytes for the init whose answer was lost').to.have.length(0);
    const settled = await connector.publisher.publish(segment({ checkpoint: posted.publishId }), grant, media, ACCOUNT);
    expect(settled.kind).to.equal('published');
    expect([...fake.state.publishes.values()].filter((p) => p.postId !== null)).to.have.length(1);
  });

  it('a timeout on the last chunk: processing with the publish_id (its status tells whether the upload completed)', async () => {
    fake.answerNext('PUT /video/', { kind: 'stall' });
    const outcome = await connectorFor(fake, { timeoutMs: 300 }).publisher.publish(segment(), grant, media, ACCOUNT);
    const [publish] = [...fake.state.publishes.values()];
    expect(outcome).to.deep.include({ kind: 'processing', checkpoint: publish.publishId });
  });

  it('a refused connection: retry later (the request never left)', async () => {
    const closed = await LocalHttpServer.start('127.0.0.1', () => undefined);
    const base = closed.url('').replace(/\/$/, '');
    await closed.stop();
    const outcome = await connectorFor(fake, { apiBaseUrl: base }).publisher.publish(segment(), grant, media, ACCOUNT);
    if (outcome.kind !== 'retryLater') throw new Error(`expected retryLater, got ${outcome.kind}`);
    expect(outcome.reason).to.match(/ECONNREFUSED/);
  });
});
