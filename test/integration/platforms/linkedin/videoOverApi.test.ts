import { expect } from 'chai';
import supertest from 'supertest';
import { TOKENS as T } from '../../../../config/tokens';
import { LinkedInFake } from '../../../support/fakes/linkedinFake';
import { FixedClock } from '../../../support/fixedClock';
import { OWNER_EMAIL } from '../../../support/data/people';
import { DEFAULT_GROUP_ID, group, media, segment, targetOn } from '../../../support/data/posts';
import { api, type ApiClient } from '../../../support/openapi';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../../support/testApp';

const BASE_URL = 'https://dispatch.example';
/** The delay the connector asks for between looks at a video LinkedIn is processing. */
const CHECK_SECONDS = 60;

/**
 * LinkedIn through the API and the engine: connected through its callback, a video posted,
 * LinkedIn still processing it at two looks; the engine comes back after the delay asked for
 * (an injected clock), never sleeping, and the post is created once from the one upload.
 */
describe('LinkedIn over the API: a video LinkedIn processes, waited for by the engine', function () {
  this.timeout(30_000);
  const clock = new FixedClock();
  let fake: LinkedInFake;
  let t: TestApp;
  let http: ApiClient;
  let ws: string;
  let auth: { Authorization: string };

  before(async () => {
    fake = await LinkedInFake.start();
    fake.state.videoProcessingLooks = 2;
    const env = {
      BASE_URL,
      LINKEDIN_CLIENT_ID: fake.state.clientId,
      LINKEDIN_CLIENT_SECRET: fake.state.clientSecret,
      LINKEDIN_API_BASE_URL: fake.baseUrl,
      LINKEDIN_AUTH_BASE_URL: fake.baseUrl,
    };
    t = await startTestApp(await freshDatabaseEnv('sqlite'), env, { replace: (w) => w.replace(T.Clock, clock) });
    await t.given.user(OWNER_EMAIL);
    ws = await t.given.workspace(OWNER_EMAIL);
    auth = { Authorization: `Bearer ${(await t.given.apiKey(ws, OWNER_EMAIL, 'owner')).key}` };
    http = api(t.app);
  });
  after(async () => {
    await t?.close();
    await fake?.stop();
    fake?.expectNoViolations();
  });

  it('uploads the video once, looks again after each delay, and posts it once it is AVAILABLE', async () => {
    const started = await http.post(`/v1/workspaces/${ws}/connections/authorize`).set(auth).send({ platform: 'LINKEDIN' }).expect(200);
    const { state, code } = fake.consent(started.body.authorizationUrl);
    const page = await supertest(t.app.callback()).get(`/connect/linkedin/callback?code=${encodeURIComponent(code)}&state=${state}`);
    expect(page.status, page.text).to.equal(200);
    const connection = (await http.get(`/v1/workspaces/${ws}/connections`).set(auth).expect(200)).body.data[0];
    expect(connection).to.include({ platform: 'LINKEDIN', accountId: fake.state.member.sub, status: 'active' });

    const clip = await t.given.media(ws, 'video');
    const created = await http
      .post(`/v1/workspaces/${ws}/posts`)
      .set(auth)
      .send({
        groups: [group(DEFAULT_GROUP_ID, true, [segment('A short video for LinkedIn', [media(clip)])])],
        targets: [{ ...targetOn(connection.id, 'LINKEDIN'), groupId: DEFAULT_GROUP_ID }],
        intent: 'publish_now',
      })
      .expect(200);
    const engine = t.composition.get(T.PublishDueTargets);
    const targetOf = async () => (await http.get(`/v1/workspaces/${ws}/posts/${created.body.id}`).set(auth).expect(200)).body.targets[0];

    await engine.run('worker-1');
    expect(await targetOf()).to.include({ status: 'pending', platformPostId: null });
    const [video] = [...fake.state.videos.values()];
    expect(video, 'uploaded and finalized at the first call').to.include({ status: 'PROCESSING' });
    clock.advanceSeconds(CHECK_SECONDS - 1);
    expect((await engine.run('worker-1')).claimed, 'not before the delay asked for').to.equal(0);

    clock.advanceSeconds(1);
    await engine.run('worker-1');
    expect(await targetOf(), 'LinkedIn still processing at the second look').to.include({ status: 'pending', platformPostId: null });

    clock.advanceSeconds(CHECK_SECONDS);
    await engine.run('worker-1');
    const target = await targetOf();
    expect(target, target.error ?? '').to.include({ status: 'published' });
    expect(fake.requestsTo('POST', '/rest/posts'), 'one post, created once the video was AVAILABLE').to.equal(1);
    expect(target.platformPostId).to.equal(fake.state.posts[0]!.urn);
    expect(fake.state.posts[0]!.body.content).to.deep.equal({ media: { id: video!.urn } });
    expect(fake.state.videos.size, 'one upload, resumed from the checkpoint').to.equal(1);
    expect(fake.requestsTo('GET', `/rest/videos/${encodeURIComponent(video!.urn)}`), 'one look per call').to.equal(3);
    const attempts = (await http.get(`/v1/workspaces/${ws}/posts/${created.body.id}/targets/${target.id}/attempts`).set(auth).expect(200)).body.data;
    expect(attempts.map((a: { outcome: string }) => a.outcome)).to.deep.equal(['processing', 'processing', 'published']);
  });
});
