import { expect } from 'chai';
import { type InstagramConnector } from '../../../../adapters/outbound/platforms/instagram/InstagramConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { InstagramFake } from '../../../support/fakes/instagramFake';
import { THROTTLED } from '../../../support/fakes/instagramFakeAnswers';
import { LocalHttpServer } from '../../../support/localHttpServer';
import { type ServedMediaAccess } from '../../../support/servedMediaAccess';
import { connectorFor, grantFrom, segment, servedMedia } from './instagramTestKit';

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
    await fake.stop();
    await media.stop();
  });

  it('an expired or revoked token (190): needs reconnect, and nothing was made', async () => {
    fake.expire(grant.accessToken);
    const outcome = await connector.publisher.publish(segment(), grant, media);
    expect(outcome).to.deep.equal({ kind: 'needsReconnect', reason: 'Instagram: Error validating access token: Session has expired.', statusCode: 400 });
    expect(fake.state.containers.size).to.equal(0);
  });

  it('throttled (code 4): retry later', async () => {
    fake.failNext('POST', '/media', THROTTLED);
    const outcome = await connector.publisher.publish(segment(), grant, media);
    expect(outcome).to.deep.include({ kind: 'retryLater', reason: 'Instagram: Application request limit reached', statusCode: 400 });
  });

  it('the publishing limit reached on media_publish (2207042): retry later, in an hour', async () => {
    fake.state.publishingLimit = 0;
    const outcome = await connector.publisher.publish(segment(), grant, media);
    expect(outcome).to.deep.include({ kind: 'retryLater', afterSeconds: 3600, statusCode: 400 });
  });

  it('media Instagram cannot fetch (9004): rejected with Meta’s message', async () => {
    const brokenLinks = { open: () => media.open('photo'), link: async () => `${await media.link('photo')}-missing` };
    const outcome = await connector.publisher.publish(segment(), grant, brokenLinks);
    expect(outcome.kind).to.equal('rejected');
    expect(outcome.kind === 'rejected' && outcome.reason).to.match(/^Instagram: The media could not be fetched from this uri: http/);
  });

  it('a 5xx on media_publish: the outcome is unknown (Instagram got it and takes no idempotency key)', async () => {
    fake.answerNext('POST', '/media_publish', { kind: 'serverError' });
    const outcome = await connector.publisher.publish(segment(), grant, media);
    expect(outcome).to.deep.equal({ kind: 'outcomeUnknown', reason: 'publish outcome unknown: Instagram: An unknown error has occurred.', statusCode: 500 });
  });

  it('a 5xx while making the container: retry later (nothing is public yet)', async () => {
    fake.answerNext('POST', '/media', { kind: 'serverError' });
    const outcome = await connector.publisher.publish(segment(), grant, media);
    expect(outcome).to.deep.include({ kind: 'retryLater', statusCode: 500 });
    expect(fake.requestsTo('POST', '/media_publish')).to.equal(0);
  });

  it('a timeout after Instagram received media_publish: outcome unknown, and Instagram saw it', async () => {
    fake.answerNext('POST', '/media_publish', { kind: 'stall' });
    const impatient = connectorFor(fake, { timeoutMs: 1_000 });
    const outcome = await impatient.publisher.publish(segment(), grant, media);
    if (outcome.kind !== 'outcomeUnknown') throw new Error(JSON.stringify(outcome));
    expect(outcome.reason).to.equal('publish outcome unknown: Instagram did not answer within 1000 ms');
    expect(fake.requestsTo('POST', '/media_publish')).to.equal(1);
  });

  it('a timeout on a comment: outcome unknown', async () => {
    fake.answerNext('POST', '/comments', { kind: 'stall' });
    const impatient = connectorFor(fake, { timeoutMs: 300 });
    const comment = segment({ text: 'More', media: [], segmentIndex: 1, segmentCount: 2, replyToPlatformPostId: '17895000000001' });
    const outcome = await impatient.publisher.publish(comment, grant, media);
    expect(outcome.kind).to.equal('outcomeUnknown');
  });

  it('a refused connection: retry later (the request never left)', async () => {
    const closed = await LocalHttpServer.start('127.0.0.1', () => undefined);
    const base = closed.url('').replace(/\/$/, '');
    await closed.stop();
    const outcome = await connectorFor(fake, { apiBaseUrl: base }).publisher.publish(segment(), grant, media);
    if (outcome.kind !== 'retryLater') throw new Error(JSON.stringify(outcome));
    expect(outcome.reason).to.match(/ECONNREFUSED/);
  });
});
