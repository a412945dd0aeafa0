import { UNNAMED_ACCOUNT } from '../../../support/platformTestKit';
import { expect } from 'chai';
import { type ThreadsConnector } from '../../../../adapters/outbound/platforms/threads/ThreadsConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { ThreadsFake } from '../../../support/fakes/threadsFake';
import { graphError, SERVER_ERROR, throttle } from '../../../support/fakes/threadsFakeAnswers';
import { LocalHttpServer } from '../../../support/localHttpServer';
import { MEDIA, connectorFor, expectKind, grantFrom, segment } from './threadsTestKit';

describe('Threads connector: what a failed call becomes', () => {
  let fake: ThreadsFake;
  let connector: ThreadsConnector;
  let grant: OAuth2Grant;

  beforeEach(async () => {
    fake = await ThreadsFake.start();
    connector = connectorFor(fake);
    grant = grantFrom(fake.longLivedToken());
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('HTTP 429 or throttling code 4/17/32/613: retry later, a quarter of an hour where Meta says nothing more, nothing published', async () => {
    fake.answerNext('threads.container.create', throttle(429, 4));
    expect(await connector.publisher.publish(segment(), grant, MEDIA, UNNAMED_ACCOUNT)).to.deep.include({
      kind: 'retryLater',
      afterSeconds: 900,
      statusCode: 429,
    });
    for (const code of [17, 32, 613] as const) {
      fake.answerNext('threads.publish', throttle(400, code));
      const outcome = expectKind(await connector.publisher.publish(segment(), grant, MEDIA, UNNAMED_ACCOUNT), 'retryLater');
      expect(outcome.reason).to.equal(`Threads: Application request limit reached (#${code})`);
    }
    expect(fake.state.posts).to.have.length(0);
  });

  it('a throttle whose usage header says when access comes back: retry later, no sooner than that', async () => {
    fake.answerNext('threads.publish', { kind: 'throttled', code: 4, regainMinutes: 42 });
    const outcome = await connector.publisher.publish(segment(), grant, MEDIA, UNNAMED_ACCOUNT);
    expect(outcome).to.deep.equal({
      kind: 'retryLater',
      afterSeconds: 42 * 60,
      reason: 'Threads: There have been too many calls from this account. Wait a bit and try again. (#4)',
      statusCode: 400,
    });
    expect(fake.state.posts).to.have.length(0);
  });

  it('a 5xx on threads_publish: the outcome is unknown (Threads may have published it)', async () => {
    fake.answerNext('threads.publish', SERVER_ERROR);
    expect(await connector.publisher.publish(segment(), grant, MEDIA, UNNAMED_ACCOUNT)).to.deep.include({ kind: 'outcomeUnknown', statusCode: 500 });
  });

  it('a 5xx while making the container: retry later (nothing is public yet)', async () => {
    fake.answerNext('threads.container.create', SERVER_ERROR);
    expect(await connector.publisher.publish(segment(), grant, MEDIA, UNNAMED_ACCOUNT)).to.deep.include({ kind: 'retryLater', statusCode: 500 });
    expect(fake.requestsTo('POST', '/v1.0/me/threads_publish')).to.equal(0);
  });

  it('a permission removed (code 10, or 200–299): needs reconnect, not a final refusal (review finding 3)', async () => {
    fake.answerNext('threads.container.create', graphError(10, '(#10) Application does not have permission for this action'));
    expect(await connector.publisher.publish(segment(), grant, MEDIA, UNNAMED_ACCOUNT)).to.deep.equal({
      kind: 'needsReconnect',
      reason: 'Threads: (#10) Application does not have permission for this action',
      statusCode: 400,
    });
    fake.answerNext('threads.publish', graphError(200, '(#200) Permissions error'));
    expectKind(await connector.publisher.publish(segment(), grant, MEDIA, UNNAMED_ACCOUNT), 'needsReconnect');
  });

  it('a reply on a connection whose token lacks threads_manage_replies: Threads answers code 10, needs reconnect', async () => {
    const first = expectKind(await connector.publisher.publish(segment({ text: 'first' }), grant, MEDIA, UNNAMED_ACCOUNT), 'published');
    const withoutReplies = grantFrom(fake.longLivedToken(0, ['threads_basic', 'threads_content_publish']));
    const reply = segment({ segmentIndex: 1, segmentCount: 2, replyToPlatformPostId: first.platformPostId });
    expectKind(await connector.publisher.publish(reply, withoutReplies, MEDIA, UNNAMED_ACCOUNT), 'needsReconnect');
    // The fake holds the request to the permission its page names, as Threads does: the refusal was the point here.
    expect(() => fake.expectNoViolations()).to.throw(/threads.user.publishingLimit: credentials: needs one of threads_manage_replies/);
    expect(fake.state.posts).to.have.length(1);
  });

  it('an invalid parameter: rejected with Threads’ message', async () => {
    fake.answerNext('threads.container.create', graphError(100, 'Param image_url is not a valid URL'));
    const outcome = await connector.publisher.publish(segment(), grant, MEDIA, UNNAMED_ACCOUNT);
    expect(outcome).to.deep.equal({ kind: 'rejected', reason: 'Threads: Param image_url is not a valid URL (#100)', statusCode: 400 });
  });

  it('a timeout after Threads received threads_publish: outcome unknown, and Threads saw it', async () => {
    fake.answerNext('threads.publish', { kind: 'stall' });
    const impatient = connectorFor(fake, { timeoutMs: 300 });
    const outcome = expectKind(await impatient.publisher.publish(segment(), grant, MEDIA, UNNAMED_ACCOUNT), 'outcomeUnknown');
    expect(outcome.reason).to.match(/^publish outcome unknown: Threads did not answer within 300 ms/);
    expect(fake.requestsTo('POST', '/v1.0/me/threads_publish')).to.equal(1);
  });

  it('a timeout while making the container: retry later (an unpublished container is harmless)', async () => {
    fake.answerNext('threads.container.create', { kind: 'stall' });
    const impatient = connectorFor(fake, { timeoutMs: 300 });
    expectKind(await impatient.publisher.publish(segment(), grant, MEDIA, UNNAMED_ACCOUNT), 'retryLater');
  });

  it('a refused connection: retry later (the request never left)', async () => {
    const closed = await LocalHttpServer.start('127.0.0.1', () => undefined);
    const base = closed.url('').replace(/\/$/, '');
    await closed.stop();
    const outcome = expectKind(await connectorFor(fake, { apiBaseUrl: base }).publisher.publish(segment(), grant, MEDIA, UNNAMED_ACCOUNT), 'retryLater');
    expect(outcome.reason).to.match(/ECONNREFUSED/);
  });

  it('a reply without the post it replies to: rejected before any call', async () => {
    const outcome = await connector.publisher.publish(segment({ segmentIndex: 1, segmentCount: 2 }), grant, MEDIA, UNNAMED_ACCOUNT);
    expectKind(outcome, 'rejected');
    expect(fake.received).to.have.length(0);
  });
});
