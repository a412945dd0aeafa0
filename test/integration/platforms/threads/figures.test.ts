import { expect } from 'chai';
import { type ThreadsConnector } from '../../../../adapters/outbound/platforms/threads/ThreadsConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { ThreadsFake, THREADS_SCOPES } from '../../../support/fakes/threadsFake';
import { SERVER_ERROR, throttle } from '../../../support/fakes/threadsFakeAnswers';
import { accountOf, connectorFor, grantFrom } from './threadsTestKit';

const INSIGHTS = { views: 1200, likes: 42, replies: 5, reposts: 7, quotes: 2, shares: 3 };

describe('Threads connector: a published post’s figures (GET /{threads-media-id}/insights)', () => {
  let fake: ThreadsFake;
  let connector: ThreadsConnector;
  let grant: OAuth2Grant;

  beforeEach(async () => {
    fake = await ThreadsFake.start();
    connector = connectorFor(fake);
    grant = grantFrom(fake.longLivedToken());
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  const figuresOf = (...platformPostIds: string[]) => connector.reader.figures({ account: accountOf(fake), grant, platformPostIds });
  const insightCalls = () => fake.received.filter((r) => r.path.endsWith('/insights'));

  it('reads every documented metric with threads_manage_insights: views, likes, replies, reposts, quotes; Threads’ own names kept', async () => {
    const id = fake.post('Shipping Dispatch 1.0', INSIGHTS);
    const read = await figuresOf(id);
    expect(read).to.deep.equal({
      ok: true,
      figures: new Map([
        [
          id,
          {
            kind: 'counts',
            counts: { likes: 42, reposts: 7, replies: 5, quotes: 2, saves: null, views: 1200, clicks: null },
            raw: { views: 1200, likes: 42, replies: 5, reposts: 7, quotes: 2, shares: 3 },
          },
        ],
      ]),
    });
    expect(insightCalls().map((r) => [r.path, r.query.get('metric')])).to.deep.equal([[`/v1.0/${id}/insights`, 'views,likes,replies,reposts,quotes,shares']]);
  });

  it('null for what Threads does not report of a post: saves and clicks', async () => {
    const id = fake.post('Quiet one');
    const read = await figuresOf(id);
    if (!read.ok) throw new Error(read.reason);
    expect(read.figures.get(id)).to.deep.include({ counts: { likes: 0, reposts: 0, replies: 0, quotes: 0, saves: null, views: 0, clicks: null } });
  });

  it('reads one post per call (Threads has no batch): the batch size is 1, and several ids are read in turn', async () => {
    expect(connector.reader.figuresBatchSize).to.equal(1);
    const ids = [fake.post('One', { likes: 1 }), fake.post('Two', { likes: 2 })];
    const read = await figuresOf(...ids);
    if (!read.ok) throw new Error(read.reason);
    expect(ids.map((id) => (read.figures.get(id) as { counts: { likes: number } }).counts.likes)).to.deep.equal([1, 2]);
    expect(insightCalls()).to.have.length(2);
  });

  it('a post Threads no longer has (100/33) is reported deleted', async () => {
    const id = fake.post('Deleted later', INSIGHTS);
    fake.state.deleted.add(id);
    expect(await figuresOf(id)).to.deep.equal({ ok: true, figures: new Map([[id, { kind: 'deleted' }]]) });
  });

  it('a connection made before threads_manage_insights was asked for is told to connect again, nothing sent', async () => {
    const older = THREADS_SCOPES.filter((scope) => scope !== 'threads_manage_insights');
    grant = grantFrom(fake.longLivedToken(0, older), undefined, older);
    expect(await figuresOf(fake.post('Before issue 22'))).to.deep.equal({
      ok: false,
      reason: "the connection was made before Dispatch asked Threads for threads_manage_insights: connect it again to read posts' figures",
      retryAfterSeconds: null,
    });
    expect(insightCalls()).to.have.length(0);
  });

  it('a throttle (429 or a throttling code) is a failed read that waits: the usage header’s time, else a quarter of an hour', async () => {
    const id = fake.post('Throttled', INSIGHTS);
    fake.answerNext('threads.media.insights', { kind: 'throttled', code: 4, regainMinutes: 12 });
    expect(await figuresOf(id)).to.deep.equal({
      ok: false,
      reason: 'Threads: There have been too many calls from this account. Wait a bit and try again. (#4)',
      retryAfterSeconds: 720,
    });
    fake.answerNext('threads.media.insights', throttle(429, 17));
    expect(await figuresOf(id)).to.deep.equal({ ok: false, reason: 'Threads: Application request limit reached (#17)', retryAfterSeconds: 900 });
  });

  it('any other failure says why in Threads’ words, without a wait', async () => {
    const id = fake.post('Unlucky', INSIGHTS);
    fake.answerNext('threads.media.insights', SERVER_ERROR);
    expect(await figuresOf(id)).to.deep.equal({
      ok: false,
      reason: 'Threads: An unexpected error has occurred. Please retry your request later. (#2)',
      retryAfterSeconds: null,
    });
  });
});
