import { expect } from 'chai';
import { media, segment } from '../../../support/data/posts';
import { attemptOutcomesOf, firstTargetOf as targetOf, postOverApi } from '../../../support/platformOverApi';
import { type ConnectionView, connect, type InstagramWorld, paramsSentTo, startInstagramWorld, stopInstagramWorld } from './instagramOverApi';

/**
 * Instagram through the API and the engine, continued: a video's target settings (docs/spec.md,
 * "Target settings") reaching the reel container as docs/platforms.md names its fields, and a
 * disconnect (docs/decisions.md, "Connections") failing the post still scheduled on it.
 */
describe('Instagram over the API: a reel with its target settings, then a disconnect', function () {
  this.timeout(30_000);
  let w: InstagramWorld;
  let connection: ConnectionView;

  before(async () => {
    w = await startInstagramWorld();
    connection = await connect(w);
  });
  after(async () => {
    await stopInstagramWorld(w);
  });

  it('sends shareToFeed and the trial reel’s graduation strategy in the container, and publishes once Instagram has processed the video', async () => {
    const clip = await w.t.given.media(w.ws, 'video');
    const settings = {
      platform: 'INSTAGRAM' as const,
      values: { shareToFeed: false, shareToStory: false, trialReels: true, graduationStrategy: 'SS_PERFORMANCE' },
    };
    const postId = await postOverApi(w, { id: connection.id, platform: 'INSTAGRAM' }, [segment('Ten seconds of the tide coming in', [media(clip)])], {
      settings,
    });

    await w.runEngine();
    expect(await targetOf(w, postId), 'Instagram is still processing the video').to.include({ status: 'pending' });
    const [container] = paramsSentTo(w, 'POST', '/media');
    expect(container).to.include({
      media_type: 'REELS',
      caption: 'Ten seconds of the tide coming in',
      share_to_feed: 'false',
      trial_params: '{"graduation_strategy":"SS_PERFORMANCE"}',
    });
    expect(container.video_url).to.match(new RegExp(`^${w.baseUrl}/media/files/${clip}\\?`));

    w.clock.advanceSeconds(31);
    await w.runEngine();
    const target = await targetOf(w, postId);
    expect(target, target.error ?? '').to.include({ status: 'published', platformPostId: w.fake.state.media[0].id });
    expect(w.fake.requestsEndingWith('POST', '/media_publish')).to.equal(1);
    expect(await attemptOutcomesOf(w, postId, target.id)).to.deep.equal(['processing', 'published']);
  });

  it('disconnects without a call to Instagram (it has no revocation) and fails the post still scheduled on the account', async () => {
    const photo = await w.t.given.media(w.ws, 'photo');
    const scheduledAt = new Date(w.clock.now().getTime() + 3_600_000).toISOString();
    const postId = await postOverApi(w, { id: connection.id, platform: 'INSTAGRAM' }, [segment('For later', [media(photo)])], { scheduledAt });
    const seenBefore = w.fake.received.length;

    await w.http.delete(`/v1/workspaces/${w.ws}/connections/${connection.id}`).set(w.auth).expect(204);
    expect(w.fake.received.length, 'Instagram offers no token revocation: nothing is sent').to.equal(seenBefore);
    const listed = (await w.http.get(`/v1/workspaces/${w.ws}/connections`).set(w.auth).expect(200)).body.data;
    expect(listed.find((c: ConnectionView) => c.id === connection.id)).to.include({ status: 'disconnected' });

    w.clock.advanceSeconds(3_601);
    await w.runEngine();
    const target = await targetOf(w, postId);
    expect(target).to.include({ status: 'failed', platformPostId: null });
    expect(target.error).to.match(/reconnected: disconnected by its owner/);
    expect(w.fake.received.length, 'the engine sent nothing to Instagram for it').to.equal(seenBefore);
  });
});
