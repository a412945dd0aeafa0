import { expect } from 'chai';
import { DEFAULT_GROUP_ID, group, media, segment, targetOn } from '../../../support/data/posts';
import { type ConnectionView, InstagramOverApi } from './instagramOverApi';

/**
 * Instagram through the API and the engine, continued: a video's target settings (docs/spec.md,
 * "Target settings") reaching the reel container as docs/platforms.md names its fields, and a
 * disconnect (docs/decisions.md, "Connections") failing the post still scheduled on it.
 */
describe('Instagram over the API: a reel with its target settings, then a disconnect', function () {
  this.timeout(30_000);
  let w: InstagramOverApi;
  let connection: ConnectionView;

  before(async () => {
    w = await InstagramOverApi.start();
    connection = await w.connect();
  });
  after(async () => {
    await w?.stop();
  });

  it('sends shareToFeed and the trial reel’s graduation strategy in the container, and publishes once Instagram has processed the video', async () => {
    const clip = await w.t.given.media(w.ws, 'video');
    const settings = { platform: 'INSTAGRAM', values: { shareToFeed: false, shareToStory: false, trialReels: true, graduationStrategy: 'SS_PERFORMANCE' } };
    const created = await w.http
      .post(`/v1/workspaces/${w.ws}/posts`)
      .set(w.auth)
      .send({
        groups: [group(DEFAULT_GROUP_ID, true, [segment('Ten seconds of the tide coming in', [media(clip)])])],
        targets: [{ ...targetOn(connection.id, 'INSTAGRAM'), settings }],
        intent: 'publish_now',
      })
      .expect(200);

    await w.runEngine();
    expect(await w.targetOf(created.body.id), 'Instagram is still processing the video').to.include({ status: 'pending' });
    const [container] = w.paramsSentTo('POST', '/media');
    expect(container).to.include({
      media_type: 'REELS',
      caption: 'Ten seconds of the tide coming in',
      share_to_feed: 'false',
      trial_params: '{"graduation_strategy":"SS_PERFORMANCE"}',
    });
    expect(container.video_url).to.match(new RegExp(`^${w.baseUrl}/media/files/${clip}\\?`));

    w.clock.advanceSeconds(31);
    await w.runEngine();
    const target = await w.targetOf(created.body.id);
    expect(target, target.error ?? '').to.include({ status: 'published', platformPostId: w.fake.state.media[0].id });
    expect(w.fake.requestsTo('POST', '/media_publish')).to.equal(1);
    expect(await w.attemptOutcomes(created.body.id, target.id)).to.deep.equal(['processing', 'published']);
  });

  it('disconnects without a call to Instagram (it has no revocation) and fails the post still scheduled on the account', async () => {
    const photo = await w.t.given.media(w.ws, 'photo');
    const scheduledAt = new Date(w.clock.now().getTime() + 3_600_000).toISOString();
    const created = await w.http
      .post(`/v1/workspaces/${w.ws}/posts`)
      .set(w.auth)
      .send({
        groups: [group(DEFAULT_GROUP_ID, true, [segment('For later', [media(photo)])])],
        targets: [{ ...targetOn(connection.id, 'INSTAGRAM'), scheduledAt }],
        intent: 'schedule',
      })
      .expect(200);
    const seenBefore = w.fake.state.received.length;

    await w.http.delete(`/v1/workspaces/${w.ws}/connections/${connection.id}`).set(w.auth).expect(204);
    expect(w.fake.state.received.length, 'Instagram offers no token revocation: nothing is sent').to.equal(seenBefore);
    const listed = (await w.http.get(`/v1/workspaces/${w.ws}/connections`).set(w.auth).expect(200)).body.data;
    expect(listed.find((c: ConnectionView) => c.id === connection.id)).to.include({ status: 'disconnected' });

    w.clock.advanceSeconds(3_601);
    await w.runEngine();
    const target = await w.targetOf(created.body.id);
    expect(target).to.include({ status: 'failed', platformPostId: null });
    expect(target.error).to.match(/reconnected: disconnected by its owner/);
    expect(w.fake.state.received.length, 'the engine sent nothing to Instagram for it').to.equal(seenBefore);
  });
});
