import { expect } from 'chai';
import { secondsUntilQuotaReset } from '../../../../adapters/outbound/platforms/youtube/youTubeApi';
import { YouTubeFake } from '../../../support/fakes/youtubeFake';
import { NOW, accountOf, connectorFor, grantFrom } from './youtubeTestKit';

const NONE_ELSE = { reposts: null, quotes: null, saves: null, clicks: null };

describe('YouTube connector: a published video’s figures (videos.list, part=statistics)', () => {
  let fake: YouTubeFake;
  beforeEach(async () => {
    fake = await YouTubeFake.start();
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  /** A video of the connection's channel, as an upload leaves it, with the statistics YouTube gives it. */
  function video(statistics?: Record<string, string>): string {
    const id = fake.state.videoId();
    const channelId = fake.state.channels[0]!.id;
    fake.state.videos.push({
      id,
      channelId,
      snippet: { title: id, description: '' },
      status: { privacyStatus: 'public' },
      bytes: Buffer.alloc(0),
      uploadedAt: NOW,
    });
    if (statistics) fake.state.statistics.set(id, statistics);
    return id;
  }

  const read = (platformPostIds: string[]) => connectorFor(fake).reader.figures({ account: accountOf(fake), grant: grantFrom(fake.tokens()), platformPostIds });

  it('reads likes, comments and views, null for what YouTube does not report, its own names and numbers in raw', async () => {
    const id = video({ viewCount: '1523', likeCount: '87', dislikeCount: '2', favoriteCount: '0', commentCount: '14' });
    const figures = await read([id]);
    expect(figures).to.deep.equal({
      ok: true,
      figures: new Map([
        [
          id,
          {
            kind: 'counts',
            counts: { likes: 87, replies: 14, views: 1523, ...NONE_ELSE },
            raw: {
              'statistics.viewCount': 1523,
              'statistics.likeCount': 87,
              'statistics.dislikeCount': 2,
              'statistics.favoriteCount': 0,
              'statistics.commentCount': 14,
            },
          },
        ],
      ]),
    });
    const asked = fake.received.find((r) => r.path === '/youtube/v3/videos');
    expect(Object.fromEntries(asked?.query ?? [])).to.deep.equal({ part: 'statistics', id });
  });

  it('leaves a count null where YouTube leaves it out (comments turned off), never a made-up zero', async () => {
    const id = video({ viewCount: '40', likeCount: '3', favoriteCount: '0' });
    const figures = await read([id]);
    if (!figures.ok) throw new Error(figures.reason);
    expect(figures.figures.get(id)).to.deep.include({ counts: { likes: 3, replies: null, views: 40, ...NONE_ELSE } });
  });

  it('reads several videos in one call (50 at most), and says so in figuresBatchSize', async () => {
    const ids = [video({ viewCount: '1' }), video({ viewCount: '2' }), video({ viewCount: '3' })];
    const figures = await read(ids);
    if (!figures.ok) throw new Error(figures.reason);
    const views = ids.map((id) => figures.figures.get(id)).map((f) => (f?.kind === 'counts' ? f.counts.views : f?.kind));
    expect(views).to.deep.equal([1, 2, 3]);
    expect(fake.requestsTo('GET', '/youtube/v3/videos')).to.equal(1);
    expect(fake.received.find((r) => r.path === '/youtube/v3/videos')?.query.get('id')).to.equal(ids.join(','));
    expect(connectorFor(fake).reader.figuresBatchSize).to.equal(50);
  });

  it('reports a video the owner’s own read no longer lists as deleted, beside one still there', async () => {
    const kept = video({ viewCount: '9' });
    const removed = video({ viewCount: '5' });
    fake.state.videos.splice(
      fake.state.videos.findIndex((v) => v.id === removed),
      1,
    );
    const figures = await read([kept, removed]);
    if (!figures.ok) throw new Error(figures.reason);
    expect(figures.figures.get(removed)).to.deep.equal({ kind: 'deleted' });
    expect(figures.figures.get(kept)?.kind).to.equal('counts');
  });

  it('defers on a 429 for its Retry-After, and on a spent daily quota until it resets at Pacific midnight', async () => {
    const id = video();
    fake.answerNext('youtube.videos.list', { kind: 'rateLimited', retryAfterSeconds: 90 });
    expect(await read([id])).to.deep.equal({ ok: false, reason: 'YouTube: Too many requests. (rateLimitExceeded)', retryAfterSeconds: 90 });
    fake.answerNext('youtube.videos.list', { kind: 'quotaExceeded' });
    const spent = await read([id]);
    expect(spent).to.deep.include({ ok: false, retryAfterSeconds: secondsUntilQuotaReset(NOW) });
  });

  it('says why a read failed, in YouTube’s words, with no wait where YouTube named none', async () => {
    const id = video();
    fake.answerNext('youtube.videos.list', { kind: 'serverError' });
    expect(await read([id])).to.deep.equal({ ok: false, reason: 'YouTube: Backend Error (backendError)', retryAfterSeconds: null });
    fake.answerNext('youtube.videos.list', { kind: 'unauthorized' });
    const refused = await read([id]);
    expect(refused).to.deep.include({ ok: false, retryAfterSeconds: null });
    expect(!refused.ok && refused.reason).to.match(/^YouTube: Request had invalid authentication credentials.*\(authError\)$/);
  });
});
