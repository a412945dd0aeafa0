import { expect } from 'chai';
import { type YouTubeConnector } from '../../../../adapters/outbound/platforms/youtube/YouTubeConnector';
import { type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { randomContent } from '../../../support/byteStreams';
import { YouTubeFake } from '../../../support/fakes/youtubeFake';
import { KIB_256, accountOf, asksStanding, connectorFor, grantFrom, mediaOf, rangeStartsAt, segment } from './youtubeTestKit';

const SESSION = 'PUT /upload/youtube/v3/videos';

function checkpointOf(outcome: PublishOutcome): string {
  if (outcome.kind !== 'processing') throw new Error(`expected processing, got ${JSON.stringify(outcome)}`);
  return outcome.checkpoint;
}

describe('YouTube connector: an interrupted upload resumes on its session, never making a second video', () => {
  let fake: YouTubeFake;
  let connector: YouTubeConnector;
  let grant: OAuth2Grant;
  let account: PublishingAccount;
  const content = randomContent(3 * KIB_256 + 500);

  beforeEach(async () => {
    fake = await YouTubeFake.start();
    connector = connectorFor(fake);
    grant = grantFrom(fake.tokens());
    account = accountOf(fake);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  const putRanges = () => fake.received.filter((r) => r.method === 'PUT').map((r) => r.headers['content-range']);
  const publish = (checkpoint: string | null = null, on = connector) => on.publisher.publish(segment({ checkpoint }), grant, mediaOf(content), account);

  it('a connection dropped mid-chunk: the same call asks the session and goes on from the Range it reports', async () => {
    fake.dropChunk(rangeStartsAt(KIB_256), KIB_256 / 2);
    const outcome = await publish();
    expect(outcome.kind).to.equal('published');
    expect(fake.state.videos).to.have.length(1);
    expect(fake.state.videos[0].bytes.equals(content)).to.equal(true);
    const total = content.length;
    const half = KIB_256 / 2;
    expect(putRanges()).to.deep.equal([
      `bytes 0-${KIB_256 - 1}/${total}`,
      `bytes ${KIB_256}-${2 * KIB_256 - 1}/${total}`,
      `bytes */${total}`,
      `bytes ${KIB_256 + half}-${2 * KIB_256 + half - 1}/${total}`,
      `bytes ${2 * KIB_256 + half}-${total - 1}/${total}`,
    ]);
    expect(fake.requestsTo('POST', '/upload/youtube/v3/videos')).to.equal(1);
  });

  it('dropped, and the question dropped too: processing with the session URL; the next call resumes from the Range', async () => {
    fake.dropChunk(rangeStartsAt(KIB_256), KIB_256);
    fake.dropChunk(asksStanding);
    const checkpoint = checkpointOf(await publish());
    expect(checkpoint).to.match(new RegExp(`^${fake.baseUrl}/upload/youtube/v3/videos\\?uploadType=resumable&upload_id=`));
    expect(fake.state.videos).to.have.length(0);

    const second = await publish(checkpoint);
    expect(second.kind).to.equal('published');
    expect(fake.state.videos).to.have.length(1);
    expect(fake.state.videos[0].bytes.equals(content)).to.equal(true);
    expect(fake.requestsTo('POST', '/upload/youtube/v3/videos')).to.equal(1);
    const total = content.length;
    expect(putRanges().slice(3)).to.deep.equal([
      `bytes */${total}`,
      `bytes ${2 * KIB_256}-${3 * KIB_256 - 1}/${total}`,
      `bytes ${3 * KIB_256}-${total - 1}/${total}`,
    ]);
  });

  it('a stalled chunk and a stalled question (timeouts): processing, then resumed from what YouTube had', async () => {
    fake.answerNext(SESSION, { kind: 'stall' }, rangeStartsAt(2 * KIB_256));
    fake.answerNext(SESSION, { kind: 'stall' }, asksStanding);
    const impatient = connectorFor(fake, { timeoutMs: 300 });
    const checkpoint = checkpointOf(await publish(null, impatient));
    const second = await publish(checkpoint, impatient);
    expect(second.kind).to.equal('published');
    expect(fake.state.videos).to.have.length(1);
    expect(fake.state.videos[0].bytes.equals(content)).to.equal(true);
  });

  it('a 5xx on the last chunk after YouTube kept it: the same call asks the session and finds the video, posted once', async () => {
    fake.answerNext(SESSION, { kind: 'serverErrorAfterHandling' }, rangeStartsAt(3 * KIB_256));
    const outcome = await publish();
    expect(outcome).to.deep.include({ kind: 'published', platformPostId: fake.state.videos[0].id });
    expect(fake.state.videos).to.have.length(1);
    expect(putRanges().at(-1)).to.equal(`bytes */${content.length}`);
  });

  it('a 5xx on the last chunk and on the question: processing; the next call finds the video, posted once', async () => {
    fake.answerNext(SESSION, { kind: 'serverErrorAfterHandling' }, rangeStartsAt(3 * KIB_256));
    fake.answerNext(SESSION, { kind: 'serverError' }, asksStanding);
    const checkpoint = checkpointOf(await publish());
    expect(fake.state.videos).to.have.length(1);
    const second = await publish(checkpoint);
    expect(second).to.deep.include({ kind: 'published', platformPostId: fake.state.videos[0].id });
    expect(fake.state.videos).to.have.length(1);
    expect(fake.requestsTo('POST', '/upload/youtube/v3/videos')).to.equal(1);
  });

  it('a session YouTube has let expire (404): a new session from the start, as no video came of the old one', async () => {
    fake.dropChunk(rangeStartsAt(0));
    fake.dropChunk(asksStanding);
    const checkpoint = checkpointOf(await publish());
    for (const session of fake.state.sessions.values()) session.expired = true;
    const second = await publish(checkpoint);
    expect(second.kind).to.equal('published');
    expect(fake.requestsTo('POST', '/upload/youtube/v3/videos')).to.equal(2);
    expect(fake.state.videos).to.have.length(1);
  });

  it('a checkpoint that is not a YouTube upload session is never sent the video or the token', async () => {
    const outcome = await publish('https://elsewhere.example/upload');
    expect(outcome.kind).to.equal('published');
    expect(fake.received.every((r) => r.method !== 'PUT' || r.query.has('upload_id'))).to.equal(true);
  });
});
