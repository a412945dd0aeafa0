import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import { expect } from 'chai';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type LinkedInConnector } from '../../../../adapters/outbound/platforms/linkedin/LinkedInConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { LinkedInFake } from '../../../support/fakes/linkedinFake';
import { LocalHttpServer } from '../../../support/localHttpServer';
import { makePng } from '../../../support/mediaFiles';
import { NO_MEDIA, NOW, connectorFor, grantFrom, mediaFrom, segment } from './linkedinTestKit';

describe('LinkedIn connector: what a failed call becomes', () => {
  let fake: LinkedInFake;
  let connector: LinkedInConnector;
  let grant: OAuth2Grant;

  beforeEach(async () => {
    fake = await LinkedInFake.start();
    connector = connectorFor(fake);
    grant = grantFrom(fake.tokens());
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('429 with Retry-After: retry later, no sooner than LinkedIn said', async () => {
    fake.answerNext('POST /rest/posts', { kind: 'rateLimited', retryAfterSeconds: 3600 });
    const outcome = await connector.publisher.publish(segment(), grant, NO_MEDIA, UNNAMED_ACCOUNT);
    expect(outcome).to.deep.include({ kind: 'retryLater', afterSeconds: 3600, statusCode: 429 });
    expect(fake.state.posts).to.have.length(0);
  });

  it('429 for a spent daily limit (no Retry-After): retry later, no sooner than midnight UTC when the limit starts again (review finding 1)', async () => {
    fake.answerNext('linkedin.posts.create', { kind: 'dailyLimit', of: 'MEMBER' });
    const outcome = await connector.publisher.publish(segment(), grant, NO_MEDIA, UNNAMED_ACCOUNT);
    const untilMidnight = (Date.parse('2026-11-24T00:00:00Z') - NOW.getTime()) / 1000;
    expect(outcome).to.deep.equal({
      kind: 'retryLater',
      afterSeconds: untilMidnight,
      reason: 'LinkedIn: Resource level throttle MEMBER DAY limit for calls to this resource is reached. (TOO_MANY_REQUESTS)',
      statusCode: 429,
    });
    expect(fake.state.posts).to.have.length(0);
  });

  it('403 (a removed organization role or scope): needs reconnect, not a final refusal (review finding 4)', async () => {
    fake.answerNext('linkedin.posts.create', { kind: 'forbidden', message: 'Member is not an administrator of organization 2414183' });
    const outcome = await connector.publisher.publish(segment(), grant, NO_MEDIA, UNNAMED_ACCOUNT);
    expect(outcome).to.deep.equal({
      kind: 'needsReconnect',
      reason: 'LinkedIn: Member is not an administrator of organization 2414183 (ACCESS_DENIED)',
      statusCode: 403,
    });
  });

  it('a 5xx on the post: the outcome is unknown (LinkedIn got it and takes no idempotency key)', async () => {
    fake.answerNext('POST /rest/posts', { kind: 'serverError' });
    const outcome = await connector.publisher.publish(segment(), grant, NO_MEDIA, UNNAMED_ACCOUNT);
    expect(outcome).to.deep.include({ kind: 'outcomeUnknown', statusCode: 500 });
  });

  it('a 5xx while uploading an image: retry later (nothing was published yet)', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'linkedin-'));
    const file = await makePng(dir, 8, 8);
    fake.answerNext('POST /rest/images', { kind: 'serverError' });
    const media = [{ id: 'm', altText: null, thumbnailTimestamp: null }];
    const outcome = await connector.publisher.publish(segment({ media }), grant, mediaFrom({ m: file }), UNNAMED_ACCOUNT);
    expect(outcome).to.deep.include({ kind: 'retryLater', statusCode: 500 });
    expect(fake.requestsTo('POST', '/rest/posts')).to.equal(0);
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('422: rejected with LinkedIn’s message', async () => {
    fake.answerNext('POST /rest/posts', { kind: 'unprocessable', message: 'Content is a duplicate of urn:li:share:1' });
    const outcome = await connector.publisher.publish(segment(), grant, NO_MEDIA, UNNAMED_ACCOUNT);
    expect(outcome).to.deep.equal({
      kind: 'rejected',
      reason: 'LinkedIn: Content is a duplicate of urn:li:share:1 (UNPROCESSABLE_ENTITY)',
      statusCode: 422,
    });
  });

  it('a revoked token once (LinkedIn does that right after issuing one): tried again, published', async () => {
    fake.answerNext('POST /rest/posts', { kind: 'revokedToken' });
    const outcome = await connector.publisher.publish(segment(), grant, NO_MEDIA, UNNAMED_ACCOUNT);
    expect(outcome.kind).to.equal('published');
    expect(fake.requestsTo('POST', '/rest/posts')).to.equal(2);
  });

  it('a revoked token twice: needs reconnect', async () => {
    fake.answerNext('POST /rest/posts', { kind: 'revokedToken' });
    fake.answerNext('POST /rest/posts', { kind: 'revokedToken' });
    const outcome = await connector.publisher.publish(segment(), grant, NO_MEDIA, UNNAMED_ACCOUNT);
    expect(outcome).to.deep.equal({
      kind: 'needsReconnect',
      reason: 'LinkedIn: The token used in the request has been revoked by the user (REVOKED_ACCESS_TOKEN)',
      statusCode: 401,
    });
    expect(fake.state.posts).to.have.length(0);
  });

  it('a timeout after LinkedIn received the post: outcome unknown, and LinkedIn saw it', async () => {
    fake.answerNext('POST /rest/posts', { kind: 'stall' });
    const impatient = connectorFor(fake, { timeoutMs: 300 });
    const outcome = await impatient.publisher.publish(segment({ text: 'stalled' }), grant, NO_MEDIA, UNNAMED_ACCOUNT);
    if (outcome.kind !== 'outcomeUnknown') throw new Error(`expected outcomeUnknown, got ${outcome.kind}`);
    expect(outcome.reason).to.match(/^publish outcome unknown: LinkedIn did not answer within 300 ms/);
    const seen = fake.received.filter((r) => r.path === '/rest/posts');
    expect(seen).to.have.length(1);
    expect(JSON.parse(seen[0].body.toString()).commentary).to.equal('stalled');
  });

  it('a refused connection: retry later (the request never left)', async () => {
    const closed = await LocalHttpServer.start('127.0.0.1', () => undefined);
    const base = closed.url('').replace(/\/$/, '');
    await closed.stop();
    const unreachable = connectorFor(fake, { apiBaseUrl: base });
    const outcome = await unreachable.publisher.publish(segment(), grant, NO_MEDIA, { accountId: 'm-4Xa9', handle: 'Ada Lovelace', publishAs: null });
    if (outcome.kind !== 'retryLater') throw new Error(`expected retryLater, got ${outcome.kind}`);
    expect(outcome.reason).to.match(/ECONNREFUSED/);
  });
});
