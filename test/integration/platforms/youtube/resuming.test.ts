import { expect } from 'chai';
import { type YouTubeConnector } from '../../../../adapters/outbound/platforms/youtube/YouTubeConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { randomContent } from '../../../support/byteStreams';
import { YouTubeFake } from '../../../support/fakes/youtubeFake';
import { type FakeRequest } from '../../../support/fakes/youtubeFakeApi';
import { KIB_256, connectorFor, grantFrom, mediaOf, segment } from './youtubeTestKit';

const SESSION = 'PUT /upload/youtube/v3/videos';
const asksStanding = (r: FakeRequest) => r.message.headers['content-range']?.startsWith('bytes */') ?? false;
const rangeStartsAt = (offset: number) => (r: FakeRequest) => r.message.headers['content-range']?.startsWith(`bytes ${offset}-`) ?? false;

function checkpointOf(outcome: PublishOutcome): string {
  if (outcome.kind !== 'processing') throw new Error(`expected processing, got ${JSON.stringify(outcome)}`);
  return outcome.checkpoint;
}

describe('YouTube connector: an interrupted upload resumes on its session, never making a second video', () => {
  let fake: YouTubeFake;
  let connector: YouTubeConnector;
  let grant: OAuth2Grant;
  const content = randomContent(3 * KIB_256 + 500);

  beforeEach(async () => {
    fake = await YouTubeFake.start();
    connector = connectorFor(fake);
    grant = grantFrom(fake.tokens());
  });
  afterEach(() => fake.stop());

  const putRanges = () => fake.state.received.filter((r) => r.method === 'PUT').map((r) => r.headers['content-range']);

  it('a connection dropped mid-chunk: the same call asks the session and goes on from the Range it reports', async () => {
    fake.answerNext(SESSION, { kind: 'drop', keepBytes: KIB_256 / 2 }, rangeStartsAt(KIB_256));
    const outcome = await connector.publisher.publish(segment(), grant, mediaOf(content));
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
    fake.answerNext(SESSION, { kind: 'drop', keepBytes: KIB_256 }, rangeStartsAt(KIB_256));
    fake.answerNext(SESSION, { kind: 'drop' }, asksStanding);
    const first = await connector.publisher.publish(segment(), grant, mediaOf(content));
    const checkpoint = checkpointOf(first);
    expect(checkpoint).to.match(new RegExp(`^${fake.baseUrl}/upload/youtube/v3/videos\\?uploadType=resumable&upload_id=`));
    expect(fake.state.videos).to.have.length(0);

    const second = await connector.publisher.publish(segment({ checkpoint }), grant, mediaOf(content));
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
    const checkpoint = checkpointOf(await impatient.publisher.publish(segment(), grant, mediaOf(content)));
    const second = await impatient.publisher.publish(segment({ checkpoint }), grant, mediaOf(content));
    expect(second.kind).to.equal('published');
    expect(fake.state.videos).to.have.length(1);
    expect(fake.state.videos[0].bytes.equals(content)).to.equal(true);
  });

  it('a 5xx on the last chunk after YouTube kept it: the same call asks the session and finds the video, posted once', async () => {
    fake.answerNext(SESSION, { kind: 'serverErrorAfterHandling' }, rangeStartsAt(3 * KIB_256));
    const outcome = await connector.publisher.publish(segment(), grant, mediaOf(content));
    expect(outcome).to.deep.include({ kind: 'published', platformPostId: fake.state.videos[0].id });
    expect(fake.state.videos).to.have.length(1);
    expect(putRanges().at(-1)).to.equal(`bytes */${content.length}`);
  });

  it('a 5xx on the last chunk and on the question: processing; the next call finds the video, posted once', async () => {
    fake.answerNext(SESSION, { kind: 'serverErrorAfterHandling' }, rangeStartsAt(3 * KIB_256));
    fake.answerNext(SESSION, { kind: 'serverError' }, asksStanding);
    const checkpoint = checkpointOf(await connector.publisher.publish(segment(), grant, mediaOf(content)));
    expect(fake.state.videos).to.have.length(1);
    const second = await connector.publisher.publish(segment({ checkpoint }), grant, mediaOf(content));
    expect(second).to.deep.include({ kind: 'published', platformPostId: fake.state.videos[0].id });
    expect(fake.state.videos).to.have.length(1);
    expect(fake.requestsTo('POST', '/upload/youtube/v3/videos')).to.equal(1);
  });

  it('a session YouTube has let expire (404): a new session from the start, as no video came of the old one', async () => {
    fake.answerNext(SESSION, { kind: 'drop' }, rangeStartsAt(0));
    fake.answerNext(SESSION, { kind: 'drop' }, asksStanding);
    const checkpoint = checkpointOf(await connector.publisher.publish(segment(), grant, mediaOf(content)));
    for (const session of fake.state.sessions.values()) session.expired = true;
    const second = await connector.publisher.publish(segment({ checkpoint }), grant, mediaOf(content));
    expect(second.kind).to.equal('published');
    expect(fake.requestsTo('POST', '/upload/youtube/v3/videos')).to.equal(2);
    expect(fake.state.videos).to.have.length(1);
  });

  it('a checkpoint that is not a YouTube upload session is never sent the video or the token', async () => {
    const outcome = await connector.publisher.publish(segment({ checkpoint: 'https://elsewhere.example/upload' }), grant, mediaOf(content));
    expect(outcome.kind).to.equal('published');
    expect(fake.state.received.every((r) => r.method !== 'PUT' || r.query.has('upload_id'))).to.equal(true);
  });
});
