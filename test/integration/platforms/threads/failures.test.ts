import { expect } from 'chai';
import { type ThreadsConnector } from '../../../../adapters/outbound/platforms/threads/ThreadsConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { ThreadsFake } from '../../../support/fakes/threadsFake';
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
  afterEach(() => fake.stop());

  it('HTTP 429 or throttling code 4/17/32/613: retry later, nothing published', async () => {
    fake.answerNext('POST /v1.0/me/threads', { kind: 'rateLimited', status: 429, code: 4 });
    expect(await connector.publisher.publish(segment(), grant, MEDIA)).to.deep.include({ kind: 'retryLater', statusCode: 429 });
    for (const code of [17, 32, 613] as const) {
      fake.answerNext('POST /v1.0/me/threads_publish', { kind: 'rateLimited', status: 400, code });
      const outcome = expectKind(await connector.publisher.publish(segment(), grant, MEDIA), 'retryLater');
      expect(outcome.reason).to.equal(`Threads: Application request limit reached (code ${code})`);
    }
    expect(fake.state.posts).to.have.length(0);
  });

  it('a 5xx on threads_publish: the outcome is unknown (Threads may have published it)', async () => {
    fake.answerNext('POST /v1.0/me/threads_publish', { kind: 'serverError' });
    expect(await connector.publisher.publish(segment(), grant, MEDIA)).to.deep.include({ kind: 'outcomeUnknown', statusCode: 500 });
  });

  it('a 5xx while making the container: retry later (nothing is public yet)', async () => {
    fake.answerNext('POST /v1.0/me/threads', { kind: 'serverError' });
    expect(await connector.publisher.publish(segment(), grant, MEDIA)).to.deep.include({ kind: 'retryLater', statusCode: 500 });
    expect(fake.requestsTo('POST', '/v1.0/me/threads_publish')).to.equal(0);
  });

  it('text over 500 characters: rejected with Threads’ message', async () => {
    const outcome = await connector.publisher.publish(segment({ text: 'x'.repeat(501) }), grant, MEDIA);
    expect(outcome).to.deep.equal({ kind: 'rejected', reason: 'Threads: Param text must be at most 500 characters long. (code 100)', statusCode: 400 });
  });

  it('a timeout after Threads received threads_publish: outcome unknown, and Threads saw it', async () => {
    fake.answerNext('POST /v1.0/me/threads_publish', { kind: 'stall' });
    const impatient = connectorFor(fake, { timeoutMs: 300 });
    const outcome = expectKind(await impatient.publisher.publish(segment(), grant, MEDIA), 'outcomeUnknown');
    expect(outcome.reason).to.match(/^publish outcome unknown: Threads did not answer within 300 ms/);
    expect(fake.requestsTo('POST', '/v1.0/me/threads_publish')).to.equal(1);
  });

  it('a timeout while making the container: retry later (an unpublished container is harmless)', async () => {
    fake.answerNext('POST /v1.0/me/threads', { kind: 'stall' });
    const impatient = connectorFor(fake, { timeoutMs: 300 });
    expectKind(await impatient.publisher.publish(segment(), grant, MEDIA), 'retryLater');
  });

  it('a refused connection: retry later (the request never left)', async () => {
    const closed = await LocalHttpServer.start('127.0.0.1', () => undefined);
    const base = closed.url('').replace(/\/$/, '');
    await closed.stop();
    const outcome = expectKind(await connectorFor(fake, { apiBaseUrl: base }).publisher.publish(segment(), grant, MEDIA), 'retryLater');
    expect(outcome.reason).to.match(/ECONNREFUSED/);
  });

  it('a reply without the post it replies to: rejected before any call', async () => {
    const outcome = await connector.publisher.publish(segment({ segmentIndex: 1, segmentCount: 2 }), grant, MEDIA);
    expectKind(outcome, 'rejected');
    expect(fake.state.received).to.have.length(0);
  });
});
