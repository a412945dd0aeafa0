import { expect } from 'chai';
import { YouTubeFake } from '../../../support/fakes/youtubeFake';
import { FixedClock } from '../../../support/fixedClock';
import { AUTH_BASE, CALLBACK, connectOverCallback, connections, postVideo, runEngine, targetOf, startWorld, type YouTubeWorld } from './youtubeOverApi';
import { asksStanding } from './youtubeTestKit';

const UPLOAD = '/upload/youtube/v3/videos';

/**
 * YouTube through the API and the engine: connected through Google's callback with PKCE, a
 * video whose upload is cut short resumed by the engine after the delay (an injected clock),
 * published once with the target's settings; disconnecting revokes the grant at Google.
 */
describe('YouTube over the API: connect, publish a video through a resumable upload, disconnect', function () {
  this.timeout(30_000);
  const clock = new FixedClock(new Date());
  let fake: YouTubeFake;
  let world: YouTubeWorld;
  let connectionId: string;

  before(async () => {
    fake = await YouTubeFake.start();
    world = await startWorld(fake, clock);
  });
  after(async () => {
    await world?.t.close();
    await fake?.stop();
    fake?.expectNoViolations();
  });

  it('connects the channel on the callback page: Google’s consent URL with PKCE, then an active connection', async () => {
    const { authorizationUrl, page } = await connectOverCallback(world, fake);
    expect(authorizationUrl.origin + authorizationUrl.pathname).to.equal(`${AUTH_BASE}/o/oauth2/v2/auth`);
    expect(authorizationUrl.searchParams.get('redirect_uri')).to.equal(CALLBACK);
    expect(authorizationUrl.searchParams.get('client_id')).to.equal(fake.state.clientId);
    expect(authorizationUrl.searchParams.get('state')).to.have.length.greaterThan(20);
    expect(authorizationUrl.searchParams.get('code_challenge')).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).to.equal('S256');
    expect(page.status, page.text).to.equal(200);
    expect(page.text).to.include('is connected');
    expect(fake.requestsTo('POST', '/token'), 'the code exchanged once, with its verifier').to.equal(1);

    const [connection] = await connections(world);
    const channel = fake.state.channels[0];
    expect(connection).to.include({ platform: 'YOUTUBE', accountId: channel.id, handle: channel.customUrl, status: 'active' });
    connectionId = connection.id;
  });

  it('publishes once: an upload cut short is resumed on its session after the delay, with title, privacy and made-for-kids', async () => {
    // The chunk's connection drops after Google kept some bytes, and the question where the
    // session stands fails too: the connector hands back to the engine to resume later.
    fake.dropChunk((r) => !asksStanding(r), 1000);
    fake.answerNext(`PUT ${UPLOAD}`, { kind: 'serverError' }, asksStanding);
    const postId = await postVideo(world, connectionId, { privacy: 'PUBLIC', madeForKids: true, ageRestriction: null });

    await runEngine(world);
    expect(await targetOf(world, postId)).to.include({ status: 'pending', platformPostId: null });
    expect(fake.state.videos, 'no video before every byte arrived').to.have.length(0);
    expect((await runEngine(world)).claimed, 'not before the delay the connector asked for').to.equal(0);

    clock.advanceSeconds(31);
    await runEngine(world);
    const target = await targetOf(world, postId);
    expect(target, target.error ?? '').to.include({ status: 'published' });
    expect(fake.state.videos).to.have.length(1);
    const [video] = fake.state.videos;
    expect(target).to.include({ platformPostId: video.id, platformPostUrl: `https://www.youtube.com/watch?v=${video.id}` });
    expect(fake.requestsTo('POST', UPLOAD), 'one upload session, resumed, never a second').to.equal(1);
    expect(video.snippet).to.deep.equal({ title: 'Dispatch 1.0 launch', description: 'Dispatch 1.0 launch\nWhat changed, and why.' });
    expect(video.status).to.deep.equal({ privacyStatus: 'public', selfDeclaredMadeForKids: true });
    expect(video.channelId).to.equal(fake.state.channels[0].id);
    const attempts = (await world.http.get(`/v1/workspaces/${world.ws}/posts/${postId}/targets/${target.id}/attempts`).set(world.auth).expect(200)).body.data;
    expect(attempts.map((a: { outcome: string }) => a.outcome)).to.deep.equal(['processing', 'published']);
  });

  it('disconnects: revokes the grant at Google, and a scheduled video on the connection then fails saying so', async () => {
    const scheduledAt = new Date(clock.now().getTime() + 3_600_000).toISOString();
    const postId = await postVideo(world, connectionId, { privacy: 'PRIVATE', madeForKids: false }, { intent: 'schedule', scheduledAt });
    const uploadsBefore = fake.requestsTo('POST', '/upload/youtube/v3/videos');

    await world.http.delete(`/v1/workspaces/${world.ws}/connections/${connectionId}`).set(world.auth).expect(204);
    expect(fake.requestsTo('POST', '/revoke'), 'the grant revoked once, by its refresh token').to.equal(1);
    expect(fake.state.refreshTokens.size, 'Google holds no live grant of Dispatch').to.equal(0);
    expect((await connections(world)).find((c) => c.id === connectionId)).to.include({ status: 'disconnected' });

    clock.advanceSeconds(3_601);
    await runEngine(world);
    const target = await targetOf(world, postId);
    expect(target.status).to.equal('failed');
    expect(target.error).to.match(/disconnected by its owner/);
    expect(fake.requestsTo('POST', UPLOAD), 'nothing uploaded for a disconnected channel').to.equal(uploadsBefore);
  });
});
