import { expect } from 'chai';
import { type FarcasterConnector } from '../../../../adapters/outbound/platforms/farcaster/FarcasterConnector';
import { type FarcasterSignerGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { NeynarFake } from '../../../support/fakes/neynarFake';
import { LocalHttpServer } from '../../../support/localHttpServer';
import { ACCOUNT, LINKED_MEDIA, approvedGrant, connectorFor, segment } from './farcasterTestKit';

const CAST = 'POST /v2/farcaster/cast/';

describe('Farcaster connector: what a failed cast becomes', () => {
  let fake: NeynarFake;
  let connector: FarcasterConnector;
  let grant: FarcasterSignerGrant;

  beforeEach(async () => {
    fake = await NeynarFake.start();
    connector = connectorFor(fake);
    grant = await approvedGrant(fake, connector);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('429: retry later, no sooner than X-RateLimit-Reset', async () => {
    const resetMs = (Math.floor(Date.now() / 1000) + 120) * 1000;
    fake.answerNext(CAST, { kind: 'rateLimited', resetInSeconds: 120 });
    const outcome = await connector.publisher.publish(segment(), grant, LINKED_MEDIA, ACCOUNT);
    if (outcome.kind !== 'retryLater') throw new Error(`expected retryLater, got ${outcome.kind}`);
    expect(Date.now() + outcome.afterSeconds * 1000).to.be.within(resetMs, resetMs + 2_000);
    expect(outcome.statusCode).to.equal(429);
    expect(fake.state.casts).to.have.length(0);
  });

  it('a 5xx: retry later (the idem key makes the retry safe), and the retry casts once', async () => {
    fake.answerNext(CAST, { kind: 'serverError' });
    const outcome = await connector.publisher.publish(segment(), grant, LINKED_MEDIA, ACCOUNT);
    expect(outcome).to.deep.include({ kind: 'retryLater', statusCode: 500 });
    expect((await connector.publisher.publish(segment({ idempotencyKey: 'target-1:0:2' }), grant, LINKED_MEDIA, ACCOUNT)).kind).to.equal('published');
    expect(fake.state.casts).to.have.length(1);
  });

  it('a permanent 4xx: rejected with Neynar’s message', async () => {
    fake.answerNext(CAST, { kind: 'badRequest', message: 'text is too long' });
    const outcome = await connector.publisher.publish(segment(), grant, LINKED_MEDIA, ACCOUNT);
    expect(outcome).to.deep.equal({ kind: 'rejected', reason: 'Neynar: text is too long (InvalidField)', statusCode: 400 });
  });

  it('the signer refused (revoked in the account’s app): needs reconnect, in Neynar’s words', async () => {
    fake.revoke(grant.signerUuid);
    const outcome = await connector.publisher.publish(segment(), grant, LINKED_MEDIA, ACCOUNT);
    expect(outcome).to.deep.equal({
      kind: 'needsReconnect',
      reason: 'Neynar: Signer is not approved. Please approve the signer before using it (Forbidden)',
      statusCode: 403,
    });
    expect(fake.state.casts).to.have.length(0);
  });

  it('no answer after Neynar received the cast: outcome unknown, and Neynar saw it', async () => {
    fake.answerNext(CAST, { kind: 'stall' });
    const impatient = connectorFor(fake, { timeoutMs: 300 });
    const outcome = await impatient.publisher.publish(segment({ text: 'hung' }), grant, LINKED_MEDIA, ACCOUNT);
    if (outcome.kind !== 'outcomeUnknown') throw new Error(`expected outcomeUnknown, got ${outcome.kind}`);
    expect(outcome.reason).to.match(/^publish outcome unknown: Neynar did not answer within 300 ms/);
    expect(fake.requestsTo('POST', '/v2/farcaster/cast/')).to.equal(1);
  });

  it('a refused connection: retry later (the cast never left)', async () => {
    const closed = await LocalHttpServer.start('127.0.0.1', () => undefined);
    const base = closed.url('').replace(/\/$/, '');
    await closed.stop();
    const outcome = await connectorFor(fake, { apiBaseUrl: base }).publisher.publish(segment(), grant, LINKED_MEDIA, ACCOUNT);
    if (outcome.kind !== 'retryLater') throw new Error(`expected retryLater, got ${outcome.kind}`);
    expect(outcome.reason).to.match(/ECONNREFUSED/);
  });

  it('a wrong API key: rejected (the operator’s setting), never a reconnect', async () => {
    const outcome = await connectorFor(fake, { apiKey: 'wrong' }).publisher.publish(segment(), grant, LINKED_MEDIA, ACCOUNT);
    expect(outcome).to.deep.include({ kind: 'rejected', statusCode: 401 });
  });
});
