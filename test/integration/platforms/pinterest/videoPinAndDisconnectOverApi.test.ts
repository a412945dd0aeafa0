import { expect } from 'chai';
import { TOKENS as T } from '../../../../config/tokens';
import { DEFAULT_GROUP_ID, group, media, segment } from '../../../support/data/posts';
import { chooseBoard, type Connected, connectAccount, outcomesOf, type PinterestWorld, startPinterestWorld, targetOf } from './pinterestOverApi';

/**
 * Pinterest through the API and the engine, the slow parts: a video pin whose upload Pinterest
 * is still processing, waited for by rescheduling with an injected clock, never by sleeping
 * (README.md, "Connecting accounts"); and a disconnect, which Pinterest has no revocation for,
 * failing the scheduled pin that named the connection (docs/decisions.md, "Connections").
 */
describe('Pinterest over the API: a video pin waited for by the engine, then a disconnect', function () {
  this.timeout(30_000);
  let w: PinterestWorld;
  let onBoard: Connected;
  const BOARD = '549755885175';

  before(async () => {
    w = await startPinterestWorld();
    w.fake.state.videoChecksUntilDone = 1;
    onBoard = await chooseBoard(w, (await connectAccount(w)).account.id, BOARD);
  });
  afterEach(() => w.fake.expectNoViolations());
  after(async () => {
    await w?.close();
  });

  async function post(kind: 'photo' | 'video', text: string, scheduledAt: string | null): Promise<string> {
    const item = await w.t.given.media(w.ws, kind);
    const created = await w.http
      .post(`/v1/workspaces/${w.ws}/posts`)
      .set(w.auth)
      .send({
        groups: [group(DEFAULT_GROUP_ID, true, [segment(text, [media(item)])])],
        targets: [{ connectionId: onBoard.id, groupId: DEFAULT_GROUP_ID, settings: { platform: 'PINTEREST', values: {} }, scheduledAt }],
        intent: scheduledAt === null ? 'publish_now' : 'schedule',
      });
    expect(created.status, JSON.stringify(created.body)).to.equal(200);
    return created.body.id;
  }

  it('uploads the video once, comes back after the delay while Pinterest processes it, then pins it once', async () => {
    const postId = await post('video', 'The engine, turning', null);
    const engine = w.t.composition.get(T.PublishDueTargets);

    await engine.run('worker-1');
    expect(await targetOf(w, postId)).to.include({ status: 'pending', platformPostId: null });
    expect(w.fake.state.media.size, 'the video registered once').to.equal(1);
    const [video] = [...w.fake.state.media.values()];
    expect(video.status).to.equal('processing');
    expect((await engine.run('worker-1')).claimed, 'not before the delay').to.equal(0);

    w.clock.advanceSeconds(16);
    await engine.run('worker-1');
    expect(await targetOf(w, postId), 'still processing at Pinterest').to.include({ status: 'pending' });
    expect(w.fake.requestsTo('POST', '/v5/pins')).to.equal(0);

    w.clock.advanceSeconds(16);
    await engine.run('worker-1');
    const target = await targetOf(w, postId);
    expect(target, target.error ?? '').to.include({ status: 'published' });
    expect(w.fake.requestsTo('POST', '/v5/media'), 'one upload, resumed, never a second').to.equal(1);
    expect(w.fake.requestsTo('POST', '/v5/pins'), 'one publish call').to.equal(1);
    const [pin] = w.fake.state.pins;
    expect(target.platformPostId).to.equal(pin.id);
    expect(pin.body).to.deep.include({
      board_id: BOARD,
      description: 'The engine, turning',
      media_source: { source_type: 'video_id', media_id: video.mediaId, cover_image_key_frame_time: 0 },
    });
    expect(await outcomesOf(w, postId, target.id)).to.deep.equal(['processing', 'processing', 'published']);
  });

  it('disconnects without calling Pinterest (it has no revocation), and the scheduled pin fails saying so', async () => {
    const scheduledAt = new Date(w.clock.now().getTime() + 3_600_000).toISOString();
    const postId = await post('photo', 'For later', scheduledAt);
    const before = w.fake.received.length;

    await w.http.delete(`/v1/workspaces/${w.ws}/connections/${onBoard.id}`).set(w.auth).expect(204);
    expect(w.fake.received.slice(before), 'nothing sent to Pinterest').to.deep.equal([]);
    const listed = (await w.http.get(`/v1/workspaces/${w.ws}/connections`).set(w.auth).expect(200)).body.data;
    expect(listed.find((c: Connected) => c.id === onBoard.id)).to.include({ status: 'disconnected' });

    w.clock.advanceSeconds(3_601);
    await w.t.composition.get(T.PublishDueTargets).run('worker-1');
    const target = await targetOf(w, postId);
    expect(target).to.include({ status: 'failed', platformPostId: null });
    expect(target.error).to.match(/needs to be reconnected: disconnected by its owner at /);
    expect(w.fake.received.slice(before), 'still nothing sent to Pinterest').to.deep.equal([]);
  });
});
