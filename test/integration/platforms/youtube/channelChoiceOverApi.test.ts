import { expect } from 'chai';
import { YouTubeFake } from '../../../support/fakes/youtubeFake';
import { FixedClock } from '../../../support/fixedClock';
import { connectOverCallback, connections, postVideo, runEngine, startWorld, targetOf, type YouTubeWorld } from './youtubeOverApi';

const UPLOAD = '/upload/youtube/v3/videos';
const BRAND = { id: 'UCbrand00000000000000000b', title: 'Dispatch Brand', customUrl: '@dispatchbrand' };

/**
 * A Google account that lists several channels (docs/decisions.md, "Connections"): the
 * callback page names them and `POST …/connections/{id}/target` makes a connection per
 * channel. YouTube uploads to the channel the consent was given for, so a video is never put
 * on another channel than the one its connection names.
 */
describe('YouTube over the API: an account with several channels, and the channel chosen', function () {
  this.timeout(30_000);
  const clock = new FixedClock(new Date());
  let fake: YouTubeFake;
  let world: YouTubeWorld;
  let accountConnectionId: string;

  before(async () => {
    fake = await YouTubeFake.start();
    fake.state.channels.push(BRAND);
    world = await startWorld(fake, clock);
    const { page } = await connectOverCallback(world, fake);
    expect(page.status, page.text).to.equal(200);
    expect(page.text).to.include(BRAND.title).and.include(BRAND.id);
    accountConnectionId = (await connections(world))[0].id;
  });
  after(async () => {
    await world?.t.close();
    await fake?.stop();
    fake?.expectNoViolations();
  });

  async function choose(publishAsId: string) {
    const res = await world.http.post(`/v1/workspaces/${world.ws}/connections/${accountConnectionId}/target`).set(world.auth).send({ publishAsId });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body;
  }

  it('makes an active connection for the channel chosen among those Google lists', async () => {
    const signedIn = fake.state.channels[0];
    const chosen = await choose(BRAND.id);
    expect(chosen).to.include({ platform: 'YOUTUBE', status: 'active', accountId: signedIn.id });
    expect(chosen.publishAs).to.deep.equal({ id: BRAND.id, kind: 'channel', name: BRAND.title });
    expect((await connections(world)).map((c) => c.id)).to.have.members([accountConnectionId, chosen.id]);
  });

  it('publishes a video to the chosen channel when it is the one the consent was given for', async () => {
    const signedIn = fake.state.channels[0];
    const chosen = await choose(signedIn.id);
    const postId = await postVideo(world, chosen.id, { privacy: 'UNLISTED', madeForKids: false });
    await runEngine(world);
    const target = await targetOf(world, postId);
    expect(target, target.error ?? '').to.include({ status: 'published' });
    const video = fake.state.videos.find((v) => v.id === target.platformPostId);
    expect(video?.channelId).to.equal(signedIn.id);
    expect(video?.status).to.deep.equal({ privacyStatus: 'unlisted', selfDeclaredMadeForKids: false });
  });

  it('refuses, saying why, a video for a channel other than the consent’s, and uploads nothing for it', async () => {
    const chosen = await choose(BRAND.id);
    const videosBefore = fake.state.videos.length;
    const sessionsBefore = fake.requestsTo('POST', UPLOAD);
    const postId = await postVideo(world, chosen.id, { privacy: 'PUBLIC', madeForKids: false });
    await runEngine(world);
    const target = await targetOf(world, postId);
    expect(target.status).to.equal('failed');
    expect(target.error).to.include(BRAND.title).and.include('connect again');
    expect(fake.state.videos, 'no video put on another channel').to.have.length(videosBefore);
    expect(fake.requestsTo('POST', UPLOAD)).to.equal(sessionsBefore);
  });
});
