import { expect } from 'chai';
import { DEFAULT_GROUP_ID, group, media, segment, targetOn } from '../../../support/data/posts';
import { connectOverApi, startTwitterWorld, targetOf, type TwitterWorld } from './twitterOverApi';

/**
 * X's videos are processed after the upload: the engine waits by rescheduling, never by
 * sleeping (README, "Connecting accounts"; docs/decisions.md, "The publishing engine"). A
 * disconnect revokes the grant at X, and what was scheduled on it fails saying why
 * (docs/decisions.md, "Connections").
 */
describe('X over the API: a video X processes, waited for by the engine; then a disconnect revoked at X', function () {
  this.timeout(30_000);
  let w: TwitterWorld;
  let connectionId: string;

  before(async () => {
    w = await startTwitterWorld();
    // Two looks answer "still processing" before the video is ready.
    w.fake.state.processingLooks = 2;
    connectionId = (await connectOverApi(w)).id;
  });
  afterEach(() => w.fake.expectNoViolations());
  after(async () => {
    await w?.close();
  });

  const post = (text: string, mediaIds: string[], extra: { scheduledAt?: string; intent: string }) =>
    w.http
      .post(`/v1/workspaces/${w.ws}/posts`)
      .set(w.auth)
      .send({
        groups: [
          group(DEFAULT_GROUP_ID, true, [
            segment(
              text,
              mediaIds.map((id) => media(id)),
            ),
          ]),
        ],
        targets: [{ ...targetOn(connectionId, 'TWITTER'), scheduledAt: extra.scheduledAt ?? null }],
        intent: extra.intent,
      })
      .expect(200);

  it('uploads the video once, comes back after X’s check_after_secs (an injected clock), and tweets it once', async () => {
    const video = await w.t.given.media(w.ws, 'video');
    const created = await post('A short video for X', [video], { intent: 'publish_now' });
    const waitSeconds = w.fake.state.checkAfterSecs;

    await w.runEngine();
    expect(await targetOf(w, created.body.id)).to.include({ status: 'pending', platformPostId: null });
    w.clock.advanceSeconds(waitSeconds - 1);
    expect((await w.runEngine()).claimed, 'not before the delay X asked for').to.equal(0);
    w.clock.advanceSeconds(1);
    await w.runEngine();
    expect(await targetOf(w, created.body.id), 'X still processing at the second look').to.include({ status: 'pending' });
    w.clock.advanceSeconds(waitSeconds);
    await w.runEngine();

    const target = await targetOf(w, created.body.id);
    expect(target, target.error ?? '').to.include({ status: 'published' });
    const [tweet] = w.fake.state.tweets;
    expect(w.fake.requestsTo('POST', '/2/tweets'), 'one tweet, sent once the video was ready').to.equal(1);
    expect(target.platformPostId).to.equal(tweet!.id);
    expect(w.fake.requestsTo('POST', '/2/media/upload/initialize'), 'uploaded once, resumed from the checkpoint').to.equal(1);
    const [uploaded] = [...w.fake.state.media.values()];
    expect(uploaded).to.include({ category: 'tweet_video', state: 'succeeded' });
    expect(tweet!.body).to.deep.include({ text: 'A short video for X', media: { media_ids: [uploaded!.id] } });
    const attempts = (await w.http.get(`/v1/workspaces/${w.ws}/posts/${created.body.id}/targets/${target.id}/attempts`).set(w.auth).expect(200)).body.data;
    expect(attempts.map((a: { outcome: string }) => a.outcome)).to.deep.equal(['processing', 'processing', 'published']);
  });

  it('revokes the refresh and access tokens at X on disconnect, and the post scheduled on it fails saying so', async () => {
    const scheduledAt = new Date(w.clock.now().getTime() + 3_600_000).toISOString();
    const scheduled = await post('Scheduled for later', [], { scheduledAt, intent: 'schedule' });
    const [refreshToken] = [...w.fake.state.refreshTokens.keys()];
    const accessToken = [...w.fake.state.accessTokens.keys()].at(-1);
    const tweetsBefore = w.fake.state.tweets.length;

    await w.http.delete(`/v1/workspaces/${w.ws}/connections/${connectionId}`).set(w.auth).expect(204);
    expect(w.fake.state.revoked, 'both tokens revoked at X').to.deep.equal([refreshToken, accessToken]);
    expect(w.fake.state.accessTokens.has(accessToken!) || w.fake.state.refreshTokens.has(refreshToken!), 'X no longer honours them').to.equal(false);
    const listed = (await w.http.get(`/v1/workspaces/${w.ws}/connections`).set(w.auth).expect(200)).body.data.find(
      (c: { id: string }) => c.id === connectionId,
    );
    expect(listed).to.include({ status: 'disconnected' });

    w.clock.set(new Date(Date.parse(scheduledAt) + 1000));
    await w.runEngine();
    const target = await targetOf(w, scheduled.body.id);
    expect(target).to.include({ status: 'failed', platformPostId: null });
    expect(target.error).to.match(/^the account needs to be reconnected: disconnected by its owner at \d{4}-/);
    expect(w.fake.state.tweets, 'nothing tweeted for it').to.have.length(tweetsBefore);
  });
});
