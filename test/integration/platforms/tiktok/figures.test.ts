import { expect } from 'chai';
import { platformsConfig } from '../../../../config/platformsConfig';
import { TikTokFake } from '../../../support/fakes/tiktokFake';
import { CONNECTED_SCOPES } from '../../../support/fakes/tiktokFakeState';
import { ACCOUNT, connectorFor, grantFrom } from './tiktokTestKit';

const WITH_VIDEO_LIST = [...CONNECTED_SCOPES, 'video.list'];

describe('TikTok connector: a public video’s figures (POST /v2/video/query/, with the videoList option)', () => {
  let fake: TikTokFake;
  beforeEach(async () => {
    fake = await TikTokFake.start();
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  /** A public video of the creator's, with the counts TikTok has for it. */
  function video(counts: Record<string, number> = {}): string {
    const id = `73${String(fake.state.next()).padStart(17, '0')}`;
    fake.state.publicVideos.set(id, counts);
    return id;
  }

  const read = (platformPostIds: string[], scopes = WITH_VIDEO_LIST) =>
    connectorFor(fake, { videoList: true }).reader!.figures({ account: ACCOUNT, grant: grantFrom(fake.tokens(scopes), scopes), platformPostIds });

  it('reads likes, comments, shares and views, null for what TikTok does not report, its own names in raw', async () => {
    const id = video({ like_count: 120, comment_count: 8, share_count: 5, view_count: 4100 });
    expect(await read([id])).to.deep.equal({
      ok: true,
      figures: new Map([
        [
          id,
          {
            kind: 'counts',
            counts: { likes: 120, reposts: 5, replies: 8, quotes: null, saves: null, views: 4100, clicks: null },
            raw: { like_count: 120, comment_count: 8, share_count: 5, view_count: 4100 },
          },
        ],
      ]),
    });
    const asked = fake.received.find((r) => r.path === '/v2/video/query/');
    expect(asked?.query.get('fields')).to.equal('id,like_count,comment_count,share_count,view_count');
    expect(JSON.parse(asked?.body.toString('utf8') ?? '{}')).to.deep.equal({ filters: { video_ids: [id] } });
  });

  it('reads several videos in one call (20 at most)', async () => {
    const ids = [video({ view_count: 1 }), video({ view_count: 2 }), video({ view_count: 3 })];
    const figures = await read(ids);
    if (!figures.ok) throw new Error(figures.reason);
    expect(ids.map((id) => figures.figures.get(id)).map((f) => (f?.kind === 'counts' ? f.counts.views : f?.kind))).to.deep.equal([1, 2, 3]);
    expect(fake.requestsTo('POST', '/v2/video/query/')).to.equal(1);
    expect(connectorFor(fake, { videoList: true }).reader?.figuresBatchSize).to.equal(20);
  });

  it('never calls a video deleted: one TikTok leaves out (deleted, made private, in moderation) is not reported', async () => {
    const kept = video({ like_count: 2 });
    const gone = video({ like_count: 9 });
    fake.state.publicVideos.delete(gone);
    const figures = await read([kept, gone]);
    if (!figures.ok) throw new Error(figures.reason);
    expect([...figures.figures.keys()]).to.deep.equal([kept]);
  });

  it('asks nothing for a private (SELF_ONLY) post, known by its publish_id: TikTok has no figures for it', async () => {
    expect(await read(['v_pub_file~v2-1.7334567890123456789'])).to.deep.equal({
      ok: false,
      reason: 'TikTok reports figures of public videos only: a private (SELF_ONLY) post has none',
      retryAfterSeconds: null,
    });
    expect(fake.received).to.have.length(0);
  });

  it('defers on a 429 rate_limit_exceeded for its Retry-After, a minute without one', async () => {
    const id = video();
    fake.answerNext('video.query', { kind: 'rateLimited', retryAfterSeconds: 40 });
    expect(await read([id])).to.deep.equal({
      ok: false,
      reason: 'TikTok: The API rate limit was exceeded. Please try again later. (rate_limit_exceeded)',
      retryAfterSeconds: 40,
    });
    fake.answerNext('video.query', { kind: 'rateLimited' });
    expect(await read([id])).to.deep.include({ ok: false, retryAfterSeconds: 60 });
  });

  it('says why a read failed, in TikTok’s words; a connection made before video.list was asked for is told to connect again', async () => {
    const id = video();
    fake.answerNext('video.query', { kind: 'serverError' });
    expect(await read([id])).to.deep.equal({
      ok: false,
      reason: 'TikTok: Something went wrong. Please try again later. (internal_error)',
      retryAfterSeconds: null,
    });
    expect(await read([id], CONNECTED_SCOPES)).to.deep.equal({
      ok: false,
      reason: "the connection was made before Dispatch asked TikTok for video.list: connect it again to read its videos' figures",
      retryAfterSeconds: null,
    });
    expect(fake.requestsTo('POST', '/v2/video/query/')).to.equal(1);
  });

  it('asks for video.list and has a reader only with the option (TIKTOK_VIDEO_LIST); the reader reads nothing back', async () => {
    const scopeOf = (videoList: boolean) =>
      new URL(
        connectorFor(fake, { videoList }).authorization.authorizationUrl({ state: 's', codeChallenge: null, redirectUri: 'https://d.example/cb' }),
      ).searchParams.get('scope');
    expect(scopeOf(false)).to.equal('user.info.basic,user.info.profile,video.publish');
    expect(scopeOf(true)).to.equal('user.info.basic,user.info.profile,video.publish,video.list');
    expect(connectorFor(fake).reader).to.equal(undefined);
    const reader = connectorFor(fake, { videoList: true }).reader!;
    const recent = await reader.recentPosts({ account: ACCOUNT, grant: grantFrom(fake.tokens()), since: new Date(0), replyTo: null });
    expect(recent).to.deep.equal({
      ok: false,
      reason: "TikTok's posts are settled by their publish_id's status: its list shows public, moderated videos only",
    });
    expect(fake.received).to.have.length(0);
    const app = { TIKTOK_CLIENT_KEY: 'key', TIKTOK_CLIENT_SECRET: 'secret' };
    expect(platformsConfig(app).tiktok).to.include({ videoList: false });
    expect(platformsConfig({ ...app, TIKTOK_VIDEO_LIST: 'true' }).tiktok).to.include({ videoList: true });
  });
});
