import { expect } from 'chai';
import { type FacebookConnector } from '../../../../adapters/outbound/platforms/facebook/FacebookConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type FiguresRead } from '../../../../application/ports/platforms/PostReader';
import { FacebookFake } from '../../../support/fakes/facebookFake';
import { ALL_SCOPES } from '../../../support/fakes/facebookFakeState';
import { invalidParameter, UNEXPECTED } from '../../../support/fakes/kit/metaGraphAnswers';
import { connectedGrant, connectorFor, NOW, PAGE_ACCOUNT } from './facebookTestKit';

const ENGAGEMENT = { reactions: 42, comments: 5, shares: 7, mediaViews: 1200, clicks: 31 };

const counted = (read: FiguresRead, id: string) => {
  if (!read.ok) throw new Error(read.reason);
  return read.figures.get(id);
};

describe('Facebook connector: a published post’s figures (GET /{post-id}?fields=…, GET /{post-id}/insights)', () => {
  let fake: FacebookFake;
  let connector: FacebookConnector;
  let grant: OAuth2Grant;

  beforeEach(async () => {
    fake = await FacebookFake.start();
    fake.state.now = () => NOW;
    connector = connectorFor(fake);
    grant = connectedGrant(fake);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  const figuresOf = (...platformPostIds: string[]) => connector.reader.figures({ account: PAGE_ACCOUNT, grant, platformPostIds });
  const graphReadsOf = (id: string) => fake.received.filter((r) => r.path.startsWith(`/v25.0/${id}`));

  it('reads a post’s totals with the Page token and its insights with read_insights: the seven names from Facebook’s, its own kept', async () => {
    const id = fake.post('Shipping Dispatch 1.0', ENGAGEMENT);
    expect(counted(await figuresOf(id), id)).to.deep.equal({
      kind: 'counts',
      counts: { likes: 42, reposts: 7, replies: 5, quotes: null, saves: null, views: 1200, clicks: 31 },
      raw: { 'reactions.summary.total_count': 42, 'comments.summary.total_count': 5, 'shares.count': 7, post_media_view: 1200, post_clicks: 31 },
    });
    expect(graphReadsOf(id).map((r) => [r.path, r.query.get('fields') ?? r.query.get('metric')])).to.deep.equal([
      [`/v25.0/${id}`, 'reactions.limit(0).summary(total_count),comments.limit(0).summary(true),shares'],
      [`/v25.0/${id}/insights`, 'post_media_view,post_clicks'],
    ]);
    expect(
      graphReadsOf(id).every((r) => r.headers.authorization?.startsWith('Bearer ') && fake.state.pageTokens.has(r.headers.authorization.slice(7))),
    ).to.equal(true);
  });

  it('null for what Facebook does not report: quotes and saves always, shares of a post no one shared, views and clicks without insights', async () => {
    const unshared = fake.post('Nobody shared this', { ...ENGAGEMENT, shares: 0 });
    expect(counted(await figuresOf(unshared), unshared)).to.deep.include({
      counts: { likes: 42, reposts: null, replies: 5, quotes: null, saves: null, views: 1200, clicks: 31 },
    });
    const noInsights = { counts: { likes: 42, reposts: 7, replies: 5, quotes: null, saves: null, views: null, clicks: null } };
    fake.state.pageHasInsights = false;
    const small = fake.post('A Page under 100 likes', ENGAGEMENT);
    expect(counted(await figuresOf(small), small)).to.deep.include(noInsights);
    fake.state.pageHasInsights = true;
    fake.answerNext('post.insights', { kind: 'error', error: invalidParameter('(#100) The value must be a valid insights metric') });
    expect(counted(await figuresOf(small), small)).to.deep.include(noInsights);
  });

  it('a connection granted no read_insights reads the totals alone: views and clicks null, no insights call, no reconnect asked', async () => {
    grant = connectedGrant(
      fake,
      60,
      ALL_SCOPES.filter((scope) => scope !== 'read_insights'),
    );
    const id = fake.post('Before issue 22', ENGAGEMENT);
    expect(counted(await figuresOf(id), id)).to.deep.include({
      counts: { likes: 42, reposts: 7, replies: 5, quotes: null, saves: null, views: null, clicks: null },
    });
    expect(fake.received.filter((r) => r.path.endsWith('/insights'))).to.have.length(0);
  });

  it('a video (recorded under its id) has reactions and comments, no shares or insights of its own: those stay null', async () => {
    const id = fake.video('Clip', ENGAGEMENT);
    expect(counted(await figuresOf(id), id)).to.deep.equal({
      kind: 'counts',
      counts: { likes: 42, reposts: null, replies: 5, quotes: null, saves: null, views: null, clicks: null },
      raw: { 'reactions.summary.total_count': 42, 'comments.summary.total_count': 5 },
    });
  });

  it('reads one post per call: the batch size is 1, several ids read in turn', async () => {
    expect(connector.reader.figuresBatchSize).to.equal(1);
    const ids = [fake.post('One', { ...ENGAGEMENT, reactions: 1 }), fake.post('Two', { ...ENGAGEMENT, reactions: 2 })];
    const read = await figuresOf(...ids);
    expect(ids.map((id) => (counted(read, id) as { counts: { likes: number } }).counts.likes)).to.deep.equal([1, 2]);
  });

  it('a post Facebook no longer has (100/33) is reported deleted', async () => {
    const id = fake.post('Deleted later', ENGAGEMENT);
    fake.state.deleted.add(id);
    expect(await figuresOf(id)).to.deep.equal({ ok: true, figures: new Map([[id, { kind: 'deleted' }]]) });
  });

  it('a throttle, on the totals or on the insights, is a failed read that waits what the usage header says', async () => {
    const id = fake.post('Throttled', ENGAGEMENT);
    fake.answerNext('post.get', { kind: 'throttled', code: 80001, regainMinutes: 9 });
    const throttledReason = 'Facebook: There have been too many calls from this account. Wait a bit and try again. (#80001)';
    expect(await figuresOf(id)).to.deep.equal({ ok: false, reason: throttledReason, retryAfterSeconds: 540 });
    fake.answerNext('post.insights', { kind: 'throttled', code: 80001, regainMinutes: 4 });
    expect(await figuresOf(id)).to.deep.equal({ ok: false, reason: throttledReason, retryAfterSeconds: 240 });
  });

  it('any other failure says why in Facebook’s words, without a wait; a connection without pages_read_engagement is told to connect again', async () => {
    const id = fake.post('Unlucky', ENGAGEMENT);
    fake.answerNext('post.get', { kind: 'error', error: UNEXPECTED });
    expect(await figuresOf(id)).to.deep.equal({
      ok: false,
      reason: 'Facebook: An unexpected error has occurred. Please retry your request later. (#2)',
      retryAfterSeconds: null,
    });
    grant = connectedGrant(fake, 60, ['pages_show_list', 'pages_manage_posts']);
    expect(await figuresOf(id)).to.deep.equal({
      ok: false,
      reason: 'Facebook: reading the Page back needs pages_read_engagement, which this connection was not granted: connect the account again',
      retryAfterSeconds: null,
    });
  });
});
