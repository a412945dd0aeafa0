import { expect } from 'chai';
import { type BlueskyConnector, blueskyConnector } from '../../../../adapters/outbound/platforms/bluesky/BlueskyConnector';
import { type FiguresRead } from '../../../../application/ports/platforms/PostReader';
import { loadConfig } from '../../../../config/env';
import { BlueskyFake } from '../../../support/fakes/blueskyFake';
import { NOW } from '../../../support/platformTestKit';

const MINUTE = 60_000;
const COUNTS = { likeCount: 42, repostCount: 7, replyCount: 5, quoteCount: 2, bookmarkCount: 3 };

const counted = (read: FiguresRead, uri: string) => {
  if (!read.ok) throw new Error(read.reason);
  return read.figures.get(uri);
};

describe('Bluesky connector: a published post’s figures (app.bsky.feed.getPosts on an AppView)', () => {
  let fake: BlueskyFake;
  let connector: BlueskyConnector;

  beforeEach(async () => {
    fake = await BlueskyFake.start();
    connector = blueskyConnector({ appViewUrl: `${fake.baseUrl}/`, clock: () => NOW, requestTimeoutMs: 5_000 });
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  const figuresOf = (...platformPostIds: string[]) =>
    connector.reader.figures({ account: { accountId: fake.state.did, handle: fake.state.handle, publishAs: null }, grant: fake.session(), platformPostIds });
  const lookups = () => fake.received.filter((r) => r.path === '/xrpc/app.bsky.feed.getPosts');

  it('reads the postView’s counts without a session: likes, reposts, replies, quotes, saves (bookmarks), and the lexicon’s names', async () => {
    const uri = fake.post('Shipping Dispatch 1.0', new Date(NOW.getTime() - 5 * MINUTE), COUNTS);
    expect(counted(await figuresOf(uri), uri)).to.deep.equal({
      kind: 'counts',
      counts: { likes: 42, reposts: 7, replies: 5, quotes: 2, saves: 3, views: null, clicks: null },
      raw: { likeCount: 42, repostCount: 7, replyCount: 5, quoteCount: 2, bookmarkCount: 3 },
    });
    expect(lookups()).to.have.length(1);
    expect(lookups()[0]!.headers.authorization).to.equal(undefined);
    expect(connector.reader.figuresBatchSize).to.equal(25);
  });

  it('null for what the AppView does not report: views and clicks always, a count its answer leaves out', async () => {
    const uri = fake.post('An older AppView', new Date(NOW.getTime() - 5 * MINUTE), { likeCount: 4, repostCount: 1, replyCount: 0 });
    expect(counted(await figuresOf(uri), uri)).to.deep.equal({
      kind: 'counts',
      counts: { likes: 4, reposts: 1, replies: 0, quotes: null, saves: null, views: null, clicks: null },
      raw: { likeCount: 4, repostCount: 1, replyCount: 0 },
    });
  });

  it('reads a batch of posts in one call, each uri a repeated parameter as the lexicon’s array', async () => {
    const uris = [1, 2, 3].map((n) => fake.post(`Post ${n}`, new Date(NOW.getTime() - n * MINUTE), { ...COUNTS, likeCount: n }));
    const read = await figuresOf(...uris);
    expect(uris.map((uri) => (counted(read, uri) as { counts: { likes: number } }).counts.likes)).to.deep.equal([1, 2, 3]);
    expect(lookups()).to.have.length(1);
    expect(lookups()[0]!.query.getAll('uris')).to.deep.equal(uris);
  });

  it('a post missing from the answer is deleted when the account’s repository no longer has it (RecordNotFound)', async () => {
    const kept = fake.post('Still here', new Date(NOW.getTime() - 5 * MINUTE), COUNTS);
    const gone = fake.post('Deleted later', new Date(NOW.getTime() - 5 * MINUTE), COUNTS);
    fake.state.posts.get(gone)!.deleted = true;
    const read = await figuresOf(kept, gone);
    expect(counted(read, gone)).to.deep.equal({ kind: 'deleted' });
    expect(counted(read, kept)).to.have.property('kind', 'counts');
    expect(fake.requestsTo('GET', '/xrpc/com.atproto.repo.getRecord')).to.equal(1);
  });

  it('a post the AppView has not indexed yet, but the repository holds, is left out: not reported this time, not deleted', async () => {
    const fresh = fake.post('Just posted', NOW, COUNTS, false);
    expect(await figuresOf(fresh)).to.deep.equal({ ok: true, figures: new Map() });
  });

  it('a 429 is a failed read that waits for ratelimit-reset', async () => {
    const uri = fake.post('Rate limited', new Date(NOW.getTime() - 5 * MINUTE), COUNTS);
    fake.answerNext('app.bsky.feed.getPosts', { kind: 'rateLimited', resetAtEpochSeconds: NOW.getTime() / 1000 + 300 });
    expect(await figuresOf(uri)).to.deep.equal({
      ok: false,
      reason: "Bluesky's AppView did not report the posts: RateLimitExceeded: Rate Limit Exceeded",
      retryAfterSeconds: 300,
    });
  });

  it('any other failure says why in the AppView’s words, without a wait', async () => {
    const uri = fake.post('Unlucky', new Date(NOW.getTime() - 5 * MINUTE), COUNTS);
    fake.answerNext('app.bsky.feed.getPosts', { kind: 'answer', answer: { status: 502, body: { error: 'InternalServerError', message: 'Upstream Failure' } } });
    expect(await figuresOf(uri)).to.deep.equal({
      ok: false,
      reason: "Bluesky's AppView did not report the posts: InternalServerError: Upstream Failure",
      retryAfterSeconds: null,
    });
  });

  it('the fake holds each request to the lexicon: 26 uris are past getPosts’ maxLength, and refused as the AppView would', async () => {
    const uris = Array.from({ length: 26 }, (_, n) => `at://${fake.state.did}/app.bsky.feed.post/3lfake${String(n).padStart(7, '0')}`);
    const answer = await fetch(`${fake.baseUrl}/xrpc/app.bsky.feed.getPosts?${uris.map((uri) => `uris=${encodeURIComponent(uri)}`).join('&')}`);
    expect(answer.status).to.equal(400);
    expect(() => fake.expectNoViolations()).to.throw(/app\.bsky\.feed\.getPosts: query: .*uris/);
  });

  it('the AppView is the operator’s to name (BLUESKY_APPVIEW_URL); Bluesky’s public one otherwise', () => {
    expect(loadConfig({ BLUESKY_APPVIEW_URL: 'https://appview.example/' }).platforms.blueskyAppViewUrl).to.equal('https://appview.example');
    expect(loadConfig({}).platforms).not.to.have.property('blueskyAppViewUrl');
  });
});
