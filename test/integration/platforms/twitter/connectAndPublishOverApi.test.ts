import { expect } from 'chai';
import { DEFAULT_GROUP_ID, group, media, segment, targetOn } from '../../../support/data/posts';
import { AUTH_BASE_URL, CALLBACK, connectOverApi, startTwitterWorld, targetOf, type TwitterWorld } from './twitterOverApi';

/**
 * X through the API and the engine: connected through its callback (OAuth 2.0 with PKCE), then
 * a two-tweet thread whose first tweet carries a described picture and says who may reply
 * (docs/spec.md, target settings; docs/platforms.md, Twitter / X).
 */
describe('X over the API: connect with PKCE, then a thread with a described picture and reply settings', function () {
  this.timeout(30_000);
  let w: TwitterWorld;
  let connectionId: string;

  before(async () => {
    w = await startTwitterWorld();
  });
  afterEach(() => w.fake.expectNoViolations());
  after(async () => {
    await w?.close();
  });

  it('sends the owner to X’s consent screen with the callback, a state and an S256 challenge, and connects @ada_dispatch', async () => {
    const { id, authorizationUrl } = await connectOverApi(w);
    connectionId = id;
    expect(authorizationUrl.origin + authorizationUrl.pathname).to.equal(`${AUTH_BASE_URL}/i/oauth2/authorize`);
    const params = authorizationUrl.searchParams;
    expect(params.get('redirect_uri')).to.equal(CALLBACK);
    expect(params.get('state')).to.have.length.greaterThan(15);
    expect(params.get('code_challenge')).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('code_challenge_method')).to.equal('S256');
    expect(params.get('scope')!.split(' ')).to.include.members(['tweet.write', 'media.write', 'offline.access']);
    // The fake's token endpoint took the code only with the verifier of that challenge.
    expect(w.fake.requestsTo('POST', '/2/oauth2/token')).to.equal(1);
    const listed = (await w.http.get(`/v1/workspaces/${w.ws}/connections`).set(w.auth).expect(200)).body.data.find((c: { id: string }) => c.id === id);
    expect(listed).to.include({ platform: 'TWITTER', status: 'active', sandbox: false, accountId: w.fake.state.user.id, handle: w.fake.state.user.username });
  });

  it('publishes the thread once: the picture uploaded and described, the reply chained, reply_settings on the first tweet', async () => {
    const photo = await w.t.given.media(w.ws, 'photo');
    const created = await w.http
      .post(`/v1/workspaces/${w.ws}/posts`)
      .set(w.auth)
      .send({
        groups: [
          group(DEFAULT_GROUP_ID, true, [
            segment('Dispatch 1.0 is out (1/2)', [media(photo, { altText: 'The Dispatch logo on a blue square' })]),
            segment('Release notes in the reply (2/2)'),
          ]),
        ],
        targets: [{ ...targetOn(connectionId, 'TWITTER'), settings: { platform: 'TWITTER', values: { replyRestriction: 'following' } } }],
        intent: 'publish_now',
      })
      .expect(200);

    await w.runEngine();
    const halfway = await targetOf(w, created.body.id);
    expect(halfway, halfway.error ?? '').to.include({ status: 'pending', platformPostId: null });
    expect(w.fake.state.tweets, 'the first tweet is out, the reply is the next attempt').to.have.length(1);
    await w.runEngine();
    const target = await targetOf(w, created.body.id);
    expect(target, target.error ?? '').to.include({ status: 'published' });

    const tweets = w.fake.state.tweets;
    expect(w.fake.requestsTo('POST', '/2/tweets'), 'one create call per tweet, none repeated').to.equal(2);
    expect(tweets.map((tweet) => tweet.body.text)).to.deep.equal(['Dispatch 1.0 is out (1/2)', 'Release notes in the reply (2/2)']);
    const [first, second] = tweets;
    expect(target.platformPostId, 'the thread is known by its first tweet').to.equal(first!.id);
    const attempts = (await w.http.get(`/v1/workspaces/${w.ws}/posts/${created.body.id}/targets/${target.id}/attempts`).set(w.auth).expect(200)).body.data;
    expect(attempts.map((a: { segmentIndex: number; outcome: string; platformPostId: string }) => [a.segmentIndex, a.outcome, a.platformPostId])).to.deep.equal(
      [
        [0, 'published', first!.id],
        [1, 'published', second!.id],
      ],
    );
    expect(target.platformPostUrl).to.equal(`https://x.com/${w.fake.state.user.username}/status/${target.platformPostId}`);

    const [uploaded] = [...w.fake.state.media.values()];
    expect(w.fake.state.media.size, 'one picture, uploaded once').to.equal(1);
    expect(uploaded).to.include({ category: 'tweet_image', state: 'succeeded', altText: 'The Dispatch logo on a blue square' });
    expect(first!.body).to.deep.include({ media: { media_ids: [uploaded!.id] }, reply_settings: 'following' });
    expect(first!.body).to.not.have.property('reply');
    expect(second!.body).to.deep.include({ reply: { in_reply_to_tweet_id: first!.id } });
    expect(second!.body, 'who may reply is set on the thread’s first tweet').to.not.have.property('reply_settings');
    expect(second!.body).to.not.have.property('media');
  });
});
