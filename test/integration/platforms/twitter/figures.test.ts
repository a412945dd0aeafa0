import { expect } from 'chai';
import { type TwitterConnector } from '../../../../adapters/outbound/platforms/twitter/TwitterConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type FiguresRead } from '../../../../application/ports/platforms/PostReader';
import { TwitterFake } from '../../../support/fakes/twitterFake';
import { xError } from '../../../support/fakes/twitterFakeAnswers';
import { type TweetFigures } from '../../../support/fakes/twitterFakeState';
import { DAY_MS } from '../../../support/platformTestKit';
import { connectorFor, grantFrom, NOW } from './twitterTestKit';

const FIGURES: TweetFigures = {
  public: { like_count: 42, repost_count: 7, reply_count: 5, quote_count: 2, bookmark_count: 3, impression_count: 1200 },
  nonPublic: { impression_count: 1200, user_profile_clicks: 9, url_link_clicks: 31 },
};

const counted = (read: FiguresRead, id: string) => {
  if (!read.ok) throw new Error(read.reason);
  return read.figures.get(id);
};

describe('Twitter connector: a published post’s figures (GET /2/tweets?ids=…)', () => {
  let fake: TwitterFake;
  let connector: TwitterConnector;
  let grant: OAuth2Grant;
  const account = { accountId: '1460000000000000001', handle: 'ada_dispatch', publishAs: null };

  beforeEach(async () => {
    fake = await TwitterFake.start();
    fake.state.now = () => NOW;
    connector = connectorFor(fake);
    grant = grantFrom(fake.tokens());
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  const figuresOf = (...platformPostIds: string[]) => connector.reader.figures({ account, grant, platformPostIds });

  it('reads public_metrics and, for a post of the last 30 days, non_public_metrics: the seven names and X’s own', async () => {
    const id = fake.tweetOf('Shipping Dispatch 1.0 https://dispatch.example', new Date(NOW.getTime() - DAY_MS), FIGURES);
    const read = await figuresOf(id);
    expect(counted(read, id)).to.deep.equal({
      kind: 'counts',
      counts: { likes: 42, reposts: 7, replies: 5, quotes: 2, saves: 3, views: 1200, clicks: 31 },
      raw: {
        'public_metrics.like_count': 42,
        'public_metrics.repost_count': 7,
        'public_metrics.reply_count': 5,
        'public_metrics.quote_count': 2,
        'public_metrics.bookmark_count': 3,
        'public_metrics.impression_count': 1200,
        'non_public_metrics.impression_count': 1200,
        'non_public_metrics.user_profile_clicks': 9,
        'non_public_metrics.url_link_clicks': 31,
      },
    });
    const sent = fake.received.find((r) => r.path === '/2/tweets' && r.method === 'GET');
    expect(sent?.query.get('ids')).to.equal(id);
    expect(sent?.query.get('post.fields')).to.equal('public_metrics,non_public_metrics');
    expect(connector.reader.figuresBatchSize).to.equal(100);
  });

  it('null where X reports nothing: clicks on a post without a link, and on a post older than 30 days (public_metrics only)', async () => {
    const noLink = fake.tweetOf('No link here', new Date(NOW.getTime() - DAY_MS), { ...FIGURES, nonPublic: { impression_count: 80, user_profile_clicks: 1 } });
    const old = fake.tweetOf('Last season', new Date(NOW.getTime() - 45 * DAY_MS), FIGURES);
    const read = await figuresOf(noLink, old);
    expect(counted(read, noLink)).to.deep.include({ counts: { likes: 42, reposts: 7, replies: 5, quotes: 2, saves: 3, views: 1200, clicks: null } });
    expect(counted(read, old)).to.deep.include({ counts: { likes: 42, reposts: 7, replies: 5, quotes: 2, saves: 3, views: 1200, clicks: null } });
    const lookups = fake.received.filter((r) => r.path === '/2/tweets' && r.method === 'GET');
    expect(lookups.map((r) => [r.query.get('ids'), r.query.get('post.fields')])).to.deep.equal([
      [noLink, 'public_metrics,non_public_metrics'],
      [old, 'public_metrics'],
    ]);
  });

  it('reads a batch of posts in one lookup', async () => {
    const ids = [1, 2, 3].map((n) => fake.tweetOf(`Post ${n}`, new Date(NOW.getTime() - n * DAY_MS), FIGURES));
    const read = await figuresOf(...ids);
    if (!read.ok) throw new Error(read.reason);
    expect([...read.figures.keys()].sort()).to.deep.equal([...ids].sort());
    expect(fake.requestsTo('GET', '/2/tweets')).to.equal(1);
    expect(fake.received.find((r) => r.path === '/2/tweets')?.query.get('ids')).to.equal(ids.join(','));
  });

  it('a post X cannot find (its author deleted it) is reported deleted, beside the ones it found', async () => {
    const kept = fake.tweetOf('Still here', new Date(NOW.getTime() - DAY_MS), FIGURES);
    const gone = fake.tweetOf('Deleted later', new Date(NOW.getTime() - DAY_MS), FIGURES);
    fake.state.deleted.add(gone);
    const read = await figuresOf(kept, gone);
    expect(counted(read, gone)).to.deep.equal({ kind: 'deleted' });
    expect(counted(read, kept)).to.have.property('kind', 'counts');
  });

  it('a post X refuses the private figures for (its clock says older than 30 days) is left out, not called deleted', async () => {
    const id = fake.state.tweetId(new Date(NOW.getTime() - DAY_MS));
    fake.state.tweets.push({ id, authorId: fake.state.user.id, body: { text: 'Clocks apart' }, createdAt: new Date(NOW.getTime() - 31 * DAY_MS) });
    const read = await figuresOf(id);
    expect(read).to.deep.equal({ ok: true, figures: new Map() });
  });

  it('a 429 is a failed read that waits for x-rate-limit-reset', async () => {
    const id = fake.tweetOf('Rate limited', new Date(NOW.getTime() - DAY_MS), FIGURES);
    fake.answerNext('getPostsByIds', { kind: 'rateLimited', resetAtEpochSeconds: NOW.getTime() / 1000 + 840 });
    expect(await figuresOf(id)).to.deep.equal({ ok: false, reason: 'X: Too Many Requests', retryAfterSeconds: 840 });
  });

  it('any other failure says why in X’s words, without a wait', async () => {
    const id = fake.tweetOf('Unlucky', new Date(NOW.getTime() - DAY_MS), FIGURES);
    fake.answerNext('getPostsByIds', { kind: 'answer', answer: xError(503, 130, 'Service Unavailable') });
    expect(await figuresOf(id)).to.deep.equal({ ok: false, reason: 'X: Service Unavailable', retryAfterSeconds: null });
    fake.answerNext('getPostsByIds', { kind: 'unauthorized' });
    expect(await figuresOf(id)).to.deep.equal({ ok: false, reason: 'X: Unauthorized', retryAfterSeconds: null });
  });
});
