import { expect } from 'chai';
import { DEFAULT_GROUP_ID, group, media, segment, targetOn } from '../../../support/data/posts';
import { connectTikTok, startTikTokOverApi, targetOf, type TikTokOverApi } from './tiktokOverApi';

/**
 * Disconnecting a TikTok account over the API: the token revoked at TikTok, and a video
 * scheduled on it failing with the reason when its time comes, nothing sent to TikTok
 * (docs/decisions.md, "Connections").
 */
describe('TikTok over the API: disconnect revokes the token at TikTok, and a scheduled video fails with the reason', function () {
  this.timeout(30_000);
  let w: TikTokOverApi;

  before(async () => {
    w = await startTikTokOverApi();
  });
  after(async () => {
    await w?.close();
    w?.fake.expectNoViolations();
  });

  it('revokes the connection’s token, lists it disconnected, and fails its scheduled target without calling TikTok', async () => {
    const { id } = await connectTikTok(w);
    const identify = w.fake.received.find((r) => r.path === '/v2/user/info/');
    const token = /^Bearer (.+)$/.exec(String(identify?.headers.authorization))?.[1];
    expect(token, 'the token TikTok issued on the callback').to.be.a('string');

    const video = await w.t.given.media(w.ws, 'video');
    const inAnHour = new Date(w.clock.now().getTime() + 3_600_000).toISOString();
    const created = await w.http
      .post(`/v1/workspaces/${w.ws}/posts`)
      .set(w.auth)
      .send({
        groups: [group(DEFAULT_GROUP_ID, true, [segment('Tomorrow’s release', [media(video)])])],
        targets: [{ ...targetOn(id, 'TIKTOK'), scheduledAt: inAnHour }],
        intent: 'schedule',
      })
      .expect(200);
    expect(await targetOf(w, created.body.id)).to.include({ status: 'pending' });

    await w.http.delete(`/v1/workspaces/${w.ws}/connections/${id}`).set(w.auth).expect(204);
    expect(w.fake.requestsTo('POST', '/v2/oauth/revoke/')).to.equal(1);
    expect(w.fake.state.revoked, 'the connection’s own token, revoked at TikTok').to.deep.equal([token]);
    const listed = (await w.http.get(`/v1/workspaces/${w.ws}/connections`).set(w.auth).expect(200)).body.data;
    expect(listed.find((c: { id: string }) => c.id === id)).to.include({ status: 'disconnected' });

    const callsBefore = w.fake.received.length;
    w.clock.advanceSeconds(3_601);
    await w.runEngine();
    const target = await targetOf(w, created.body.id);
    expect(target).to.include({ status: 'failed', platformPostId: null });
    expect(target.error).to.include('disconnected by its owner');
    expect(w.fake.received.length, 'nothing sent to TikTok for a disconnected account').to.equal(callsBefore);
  });
});
