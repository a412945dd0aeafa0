import { expect } from 'chai';
import { type InstagramConnector } from '../../../../adapters/outbound/platforms/instagram/InstagramConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { InstagramFake } from '../../../support/fakes/instagramFake';
import { type MetaFakeError, UNEXPECTED } from '../../../support/fakes/kit/metaGraphAnswers';
import { LocalHttpServer } from '../../../support/localHttpServer';
import { type ServedMediaAccess } from '../../../support/servedMediaAccess';
import { ACCOUNT, connectorFor, grantFrom, segment, servedMedia } from './instagramTestKit';

/** An error of Instagram's reference (docs/platforms.md, Instagram's error row), as Meta sends it. */
const igError = (code: number, subcode: number, message: string): MetaFakeError => ({ status: 400, code, subcode, message });

describe('Instagram connector: what a failed call becomes', () => {
  let fake: InstagramFake;
  let connector: InstagramConnector;
  let grant: OAuth2Grant;
  let media: ServedMediaAccess;

  beforeEach(async () => {
    fake = await InstagramFake.start();
    connector = connectorFor(fake);
    grant = grantFrom(fake.longLivedToken());
    media = await servedMedia();
  });
  afterEach(async () => {
    await media.stop();
    await fake.stop();
    fake.expectNoViolations();
  });

  const publish = (overrides = {}, using = connector) => using.publisher.publish(segment(overrides), grant, media, ACCOUNT);

  it('an expired or revoked token (190): needs reconnect, and nothing was made', async () => {
    fake.state.expire(grant.accessToken);
    expect(await publish()).to.deep.equal({
      kind: 'needsReconnect',
      reason: 'Instagram: Error validating access token: Session has expired. (#190/463)',
      statusCode: 400,
    });
    expect(fake.state.containers.size).to.equal(0);
  });

  it('a permission the token lacks (10): needs reconnect, asking for it again', async () => {
    fake.answerNext('user.media.create', {
      kind: 'error',
      error: { status: 403, code: 10, message: '(#10) Application does not have permission for this action' },
    });
    expect(await publish()).to.deep.include({ kind: 'needsReconnect', statusCode: 403 });
  });

  it('throttled (code 4) without a usage header: retry later, in five minutes', async () => {
    fake.answerNext('user.media.create', { kind: 'error', error: { status: 400, code: 4, message: 'Application request limit reached' } });
    expect(await publish()).to.deep.equal({
      kind: 'retryLater',
      afterSeconds: 300,
      reason: 'Instagram: Application request limit reached (#4)',
      statusCode: 400,
    });
  });

  it('a Business Use Case throttle (80002) with its usage header: retry later, no sooner than access comes back (review 5)', async () => {
    fake.answerNext('user.media.create', { kind: 'throttled', code: 80002, regainMinutes: 42 });
    expect(await publish()).to.deep.include({ kind: 'retryLater', afterSeconds: 42 * 60, statusCode: 400 });
    expect(fake.state.containers.size).to.equal(0);
  });

  it('the publishing limit reached on media_publish (9/2207042): retry later, in an hour', async () => {
    fake.state.publishingLimit = 0;
    expect(await publish()).to.deep.include({ kind: 'retryLater', afterSeconds: 3600, statusCode: 400 });
  });

  it('suspected spam (4/2207051): rejected at once with Meta’s message, not retried as a throttle (review 2)', async () => {
    fake.answerNext('user.media.create', { kind: 'error', error: igError(4, 2207051, 'We restrict certain activity to protect our community.') });
    expect(await publish()).to.deep.equal({
      kind: 'rejected',
      reason: 'Instagram: We restrict certain activity to protect our community. (#4/2207051)',
      statusCode: 400,
    });
  });

  for (const [subcode, what] of [
    [2207001, 'a server error'],
    [2207003, 'a download timeout'],
    [2207020, 'an expired container'],
    [2207032, 'a failed creation'],
    [2207053, 'an unknown upload error'],
  ] as const) {
    it(`${what} while making the container (${subcode}): retry later, nothing being public yet (review 1)`, async () => {
      fake.answerNext('user.media.create', { kind: 'error', error: igError(9004, subcode, what) });
      expect(await publish()).to.deep.include({ kind: 'retryLater', afterSeconds: 60, statusCode: 400 });
    });
  }

  it('is_transient while making the container: retry later (review 4)', async () => {
    fake.answerNext('user.media.create', { kind: 'error', error: { status: 400, code: 100, message: 'Please retry', transient: true } });
    expect(await publish()).to.deep.include({ kind: 'retryLater', afterSeconds: 60 });
  });

  it('a temporary media_publish error (2207008): retry later within the documented 30 s, nothing published (review 3)', async () => {
    fake.answerNext('user.mediaPublish', { kind: 'error', error: igError(9007, 2207008, 'Temporary error publishing a container') });
    expect(await publish()).to.deep.equal({
      kind: 'retryLater',
      afterSeconds: 30,
      reason: 'Instagram: Temporary error publishing a container (#9007/2207008)',
      statusCode: 400,
    });
    expect(fake.state.media).to.have.length(0);
  });

  it('a caption with more than 30 hashtags or 20 @-tags: rejected before anything is sent (review 6)', async () => {
    const hashtags = Array.from({ length: 31 }, (_, i) => `#tag${i}`).join(' ');
    expect(await publish({ text: hashtags })).to.deep.equal({ kind: 'rejected', reason: 'an Instagram caption holds at most 30 hashtags; this one has 31' });
    const mentions = `${Array.from({ length: 21 }, (_, i) => `@friend${i}`).join(' ')} ada@example.com`;
    expect(await publish({ text: mentions })).to.deep.equal({ kind: 'rejected', reason: 'an Instagram caption holds at most 20 @-tags; this one has 21' });
    expect(fake.received).to.have.length(0);
    const allowed = `${Array.from({ length: 30 }, (_, i) => `#tag${i}`).join(' ')} C# &#35; mail ada@example.com`;
    expect((await publish({ text: allowed })).kind).to.equal('published');
  });

  it('media Instagram cannot fetch (9004): rejected with Meta’s message', async () => {
    const brokenLinks = { open: () => media.open('photo'), link: async () => `${await media.link('photo')}-missing` };
    const outcome = await connector.publisher.publish(segment(), grant, brokenLinks, ACCOUNT);
    expect(outcome.kind === 'rejected' && outcome.reason).to.match(/^Instagram: The media could not be fetched from this uri: http.* \(#9004\/2207052\)$/);
  });

  it('a 5xx on media_publish: the outcome is unknown (Instagram got it and takes no idempotency key)', async () => {
    fake.answerNext('user.mediaPublish', { kind: 'error', error: UNEXPECTED });
    expect(await publish()).to.deep.equal({
      kind: 'outcomeUnknown',
      reason: `publish outcome unknown: Instagram: ${UNEXPECTED.message} (#2)`,
      statusCode: 500,
    });
  });

  it('a 5xx while making the container: retry later (nothing is public yet)', async () => {
    fake.answerNext('user.media.create', { kind: 'error', error: UNEXPECTED });
    expect(await publish()).to.deep.include({ kind: 'retryLater', statusCode: 500 });
    expect(fake.requestsEndingWith('POST', '/media_publish')).to.equal(0);
  });

  it('a timeout after Instagram received media_publish: outcome unknown, and Instagram saw it', async () => {
    fake.answerNext('user.mediaPublish', { kind: 'stall' });
    const outcome = await publish({}, connectorFor(fake, { timeoutMs: 1_000 }));
    expect(outcome).to.deep.equal({ kind: 'outcomeUnknown', reason: 'publish outcome unknown: Instagram did not answer within 1000 ms' });
    expect(fake.requestsEndingWith('POST', '/media_publish')).to.equal(1);
  });

  it('a timeout on a comment: outcome unknown', async () => {
    fake.answerNext('media.comments.create', { kind: 'stall' });
    const comment = { text: 'More', media: [], segmentIndex: 1, segmentCount: 2, replyToPlatformPostId: '17895000000001' };
    expect((await publish(comment, connectorFor(fake, { timeoutMs: 300 }))).kind).to.equal('outcomeUnknown');
  });

  it('a refused connection: retry later (the request never left)', async () => {
    const closed = await LocalHttpServer.start('127.0.0.1', () => undefined);
    const base = closed.url('').replace(/\/$/, '');
    await closed.stop();
    const outcome = await publish({}, connectorFor(fake, { apiBaseUrl: base }));
    expect(outcome.kind === 'retryLater' && outcome.reason).to.match(/ECONNREFUSED/);
  });
});
