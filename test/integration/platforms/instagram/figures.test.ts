import { expect } from 'chai';
import { type InstagramConnector } from '../../../../adapters/outbound/platforms/instagram/InstagramConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { ALL_SCOPES, InstagramFake } from '../../../support/fakes/instagramFake';
import { UNEXPECTED } from '../../../support/fakes/kit/metaGraphAnswers';
import { ACCOUNT, connectorFor, grantFrom } from './instagramTestKit';

const INSIGHTS = { views: 1200, reach: 900, likes: 42, comments: 5, saved: 3, shares: 7, total_interactions: 57 };

describe('Instagram connector: a published post’s figures (GET /{ig-media-id}/insights)', () => {
  let fake: InstagramFake;
  let connector: InstagramConnector;
  let grant: OAuth2Grant;

  beforeEach(async () => {
    fake = await InstagramFake.start();
    connector = connectorFor(fake);
    grant = grantFrom(fake.longLivedToken());
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  const figuresOf = (...platformPostIds: string[]) => connector.reader.figures({ account: ACCOUNT, grant, platformPostIds });
  const insightCalls = () => fake.received.filter((r) => r.path.endsWith('/insights'));

  it('reads a feed post’s insights with instagram_business_manage_insights: the seven names from Instagram’s, its own kept', async () => {
    const id = fake.post('IMAGE', INSIGHTS);
    expect(await figuresOf(id)).to.deep.equal({
      ok: true,
      figures: new Map([
        [id, { kind: 'counts', counts: { likes: 42, reposts: 7, replies: 5, quotes: null, saves: 3, views: 1200, clicks: null }, raw: INSIGHTS }],
      ]),
    });
    expect(insightCalls().map((r) => [r.path, r.query.get('metric')])).to.deep.equal([
      [`/v23.0/${id}/insights`, 'views,reach,likes,comments,saved,shares,total_interactions'],
    ]);
  });

  it('asks a reel for the same metrics (each is one a reel reports); quotes and clicks stay null', async () => {
    const id = fake.post('REELS', { ...INSIGHTS, views: 5000 });
    const read = await figuresOf(id);
    if (!read.ok) throw new Error(read.reason);
    expect(read.figures.get(id)).to.deep.include({ counts: { likes: 42, reposts: 7, replies: 5, quotes: null, saves: 3, views: 5000, clicks: null } });
  });

  it('reads one post per call (Instagram has no batch): the batch size is 1, and several ids are read in turn', async () => {
    expect(connector.reader.figuresBatchSize).to.equal(1);
    const ids = [fake.post('IMAGE', { likes: 1 }), fake.post('REELS', { likes: 2 })];
    const read = await figuresOf(...ids);
    if (!read.ok) throw new Error(read.reason);
    expect(ids.map((id) => (read.figures.get(id) as { counts: { likes: number } }).counts.likes)).to.deep.equal([1, 2]);
    expect(insightCalls()).to.have.length(2);
  });

  it('a post Instagram no longer has (100/33) is reported deleted', async () => {
    const id = fake.post('IMAGE', INSIGHTS);
    fake.state.deleted.add(id);
    expect(await figuresOf(id)).to.deep.equal({ ok: true, figures: new Map([[id, { kind: 'deleted' }]]) });
  });

  it('a connection granted no insights permission is told to connect again, nothing sent', async () => {
    const older = ALL_SCOPES.filter((scope) => scope !== 'instagram_business_manage_insights');
    grant = grantFrom(fake.longLivedToken(older), older);
    expect(await figuresOf(fake.post('IMAGE'))).to.deep.equal({
      ok: false,
      reason:
        "this Instagram connection was not granted instagram_business_manage_insights (asked for since issue 22): connect it again, allowing it, to read posts' figures",
      retryAfterSeconds: null,
    });
    expect(insightCalls()).to.have.length(0);
  });

  it('a throttle is a failed read that waits what the usage header says', async () => {
    const id = fake.post('IMAGE', INSIGHTS);
    fake.answerNext('media.insights', { kind: 'throttled', code: 80002, regainMinutes: 7 });
    expect(await figuresOf(id)).to.deep.equal({
      ok: false,
      reason: 'Instagram: There have been too many calls from this account. Wait a bit and try again. (#80002)',
      retryAfterSeconds: 420,
    });
  });

  it('any other failure says why in Instagram’s words, without a wait: too few viewers for insights, Meta’s own trouble', async () => {
    const id = fake.post('IMAGE', INSIGHTS);
    fake.state.tooFewViewers.add(id);
    expect(await figuresOf(id)).to.deep.equal({
      ok: false,
      reason: 'Instagram: (#10) Not enough viewers for the media to show insights',
      retryAfterSeconds: null,
    });
    fake.state.tooFewViewers.delete(id);
    fake.answerNext('media.insights', { kind: 'error', error: UNEXPECTED });
    expect(await figuresOf(id)).to.deep.equal({
      ok: false,
      reason: 'Instagram: An unexpected error has occurred. Please retry your request later. (#2)',
      retryAfterSeconds: null,
    });
  });
});
