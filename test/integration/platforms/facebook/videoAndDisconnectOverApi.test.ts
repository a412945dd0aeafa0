import { expect } from 'chai';
import { media, segment } from '../../../support/data/posts';
import { attemptOutcomesOf, firstTargetOf as targetOf, postOverApi } from '../../../support/platformOverApi';
import { connectPage, connections, type FacebookWorld, PAGE_ID, publishAllDue, startFacebookWorld, stopFacebookWorld } from './facebookOverApi';

/**
 * Facebook through the API and the engine, the slow parts: a video Facebook is still
 * processing is waited for by rescheduling, never by sleeping (README.md, "Connecting
 * accounts"); a disconnected Page fails what was still scheduled on it, and the app is removed
 * at Facebook only with the account's last connection (docs/decisions.md, "Connections").
 */
describe('Facebook over the API: a video the engine waits for, and a disconnect', function () {
  this.timeout(30_000);
  let w: FacebookWorld;
  let pageConnection: string;

  before(async () => {
    w = await startFacebookWorld();
    pageConnection = await connectPage(w);
  });
  after(async () => {
    await stopFacebookWorld(w);
  });

  it('publishes a video once, after Facebook finished processing it, coming back when the clock says so', async () => {
    w.fake.state.videoChecksBeforeReady = 1;
    const video = await w.t.given.media(w.ws, 'video');
    const postId = await postOverApi(w, { id: pageConnection, platform: 'FACEBOOK' }, [segment('Behind the counter at Dispatch Café', [media(video)])]);

    await w.runEngine();
    expect(await targetOf(w, postId)).to.include({ status: 'pending', platformPostId: null });
    const [uploaded] = w.fake.state.videos.values();
    expect(uploaded).to.deep.include({ pageId: PAGE_ID, description: 'Behind the counter at Dispatch Café' });
    expect(uploaded!.fileUrl.startsWith(`${w.baseUrl}/media/files/${video}?`), 'Facebook fetched the library’s signed link').to.equal(true);
    expect((await w.runEngine()).claimed, 'not before the delay').to.equal(0);

    w.clock.advanceSeconds(31);
    await w.runEngine();
    const target = await targetOf(w, postId);
    expect(target, target.error ?? '').to.include({ status: 'published', platformPostId: uploaded!.id });
    expect(w.fake.graphRequests('POST', `/${PAGE_ID}/videos`), 'one upload, resumed from its checkpoint, never a second').to.equal(1);
    expect(w.fake.graphRequests('GET', `/${uploaded!.id}`), 'asked once at upload, once when the engine came back').to.equal(2);
    expect(await attemptOutcomesOf(w, postId, target.id)).to.deep.equal(['processing', 'published']);
  });

  it('disconnecting the Page keeps the grant its account still uses, the last disconnect removes the app at Facebook, and the post still scheduled fails with the reason', async () => {
    const inAnHour = new Date(w.clock.now().getTime() + 3_600_000).toISOString();
    const postId = await postOverApi(w, { id: pageConnection, platform: 'FACEBOOK' }, [segment('Closed for the holidays')], { scheduledAt: inAnHour });

    await w.http.delete(`/v1/workspaces/${w.ws}/connections/${pageConnection}`).set(w.auth).expect(204);
    // The account's own connection still holds the same grant: revoking it now would end that one too.
    expect(w.fake.graphRequests('DELETE', '/me/permissions'), 'not revoked while the account is still connected').to.equal(0);
    expect((await connections(w)).find((c) => c.id === pageConnection)).to.include({ status: 'disconnected' });
    const account = (await connections(w)).find((c) => c.accountId === w.fake.state.user.id && c.publishAs === null)!;
    expect(account).to.include({ status: 'active' });
    await w.http.delete(`/v1/workspaces/${w.ws}/connections/${account.id}`).set(w.auth).expect(204);
    expect(w.fake.graphRequests('DELETE', '/me/permissions'), 'revoked with the last connection of the account').to.equal(1);
    expect(w.fake.state.revokedFor).to.deep.equal([w.fake.state.user.id]);

    const postsBefore = w.fake.state.posts.length;
    w.clock.advanceSeconds(3_601);
    await publishAllDue(w);
    const target = await targetOf(w, postId);
    expect(target).to.include({ status: 'failed', platformPostId: null });
    expect(target.error).to.include('disconnected by its owner');
    expect(w.fake.state.posts.length, 'nothing was posted').to.equal(postsBefore);
    expect(w.fake.graphRequests('POST', `/${PAGE_ID}/feed`)).to.equal(0);
  });
});
