import { expect } from 'chai';
import supertest from 'supertest';
import { type PublishingWorker } from '../../../../adapters/inbound/worker/PublishingWorker';
import { buildPublishingWorker } from '../../../../config/publishingWorker';
import { LinkedInFake } from '../../../support/fakes/linkedinFake';
import { OTHER_OWNER_EMAIL } from '../../../support/data/people';
import { DEFAULT_GROUP_ID, group, segment, targetOn } from '../../../support/data/posts';
import { type ApiClient } from '../../../support/openapi';
import { startAppWithOwner } from '../../../support/platformOverApi';
import { type TestApp } from '../../../support/testApp';
import { eventually } from '../../../support/workerProcess';

const BASE_URL = 'https://dispatch.example';
const CALLBACK = `${BASE_URL}/connect/linkedin/callback`;

/** The OAuth connect flow through the API and the callback page, against the LinkedIn fake, then a post published to it. */
describe('LinkedIn over the API: authorize, the callback, publish, and every refused callback', function () {
  this.timeout(30_000);
  let fake: LinkedInFake;
  let t: TestApp;
  let http: ApiClient;
  let pages: supertest.Agent;
  let ws: string;
  let auth: { Authorization: string };
  let worker: PublishingWorker;

  before(async () => {
    fake = await LinkedInFake.start();
    ({ t, http, ws, auth } = await startAppWithOwner({
      BASE_URL,
      LINKEDIN_CLIENT_ID: fake.state.clientId,
      LINKEDIN_CLIENT_SECRET: fake.state.clientSecret,
      LINKEDIN_API_BASE_URL: fake.baseUrl,
      LINKEDIN_AUTH_BASE_URL: fake.baseUrl,
      CONNECT_RETURN_ORIGINS: 'https://app.example',
    }));
    pages = supertest(t.app.callback());
    worker = buildPublishingWorker(t.composition, 20);
    worker.start();
  });
  after(async () => {
    await worker?.stop(5000);
    await t?.close();
    await fake?.stop();
    fake?.expectNoViolations();
  });

  /** What LinkedIn's consent screen does: the person agrees, the browser comes back with a code and the state. */
  async function authorize(returnTo?: string): Promise<{ state: string; code: string }> {
    const started = await http
      .post(`/v1/workspaces/${ws}/connections/authorize`)
      .set(auth)
      .send({ platform: 'LINKEDIN', ...(returnTo ? { returnTo } : {}) })
      .expect(200);
    const url = new URL(started.body.authorizationUrl);
    expect(url.origin + url.pathname).to.equal(`${fake.baseUrl}/oauth/v2/authorization`);
    expect(url.searchParams.get('redirect_uri')).to.equal(CALLBACK);
    return fake.consent(url.toString());
  }

  it('connects the member on the callback page, then publishes a post to LinkedIn through the worker', async () => {
    const { state, code } = await authorize();
    const page = await pages.get(`/connect/linkedin/callback?code=${code}&state=${state}`);
    expect(page.status).to.equal(200);
    expect(page.text).to.include('is connected');
    const connection = (await http.get(`/v1/workspaces/${ws}/connections`).set(auth).expect(200)).body.data.find(
      (c: { platform: string }) => c.platform === 'LINKEDIN',
    );
    expect(connection).to.include({ status: 'active', sandbox: false, accountId: fake.state.member.sub });

    const created = await http
      .post(`/v1/workspaces/${ws}/posts`)
      .set(auth)
      .send({
        groups: [group(DEFAULT_GROUP_ID, true, [segment('Hello LinkedIn, from Dispatch')])],
        targets: [{ ...targetOn(connection.id, 'LINKEDIN'), groupId: DEFAULT_GROUP_ID }],
        intent: 'publish_now',
      })
      .expect(200);
    let target: { status: string; platformPostId: string | null; error: string | null } | undefined;
    await eventually(
      async () => {
        target = (await http.get(`/v1/workspaces/${ws}/posts/${created.body.id}`).set(auth).expect(200)).body.targets[0];
        return target!.status === 'published' || target!.status === 'failed';
      },
      15_000,
      'the target settled',
    );
    expect(target, target?.error ?? '').to.include({ status: 'published' });
    expect(target!.platformPostId).to.match(/^urn:li:share:|^urn:li:ugcPost:/);
    expect(fake.requestsTo('POST', '/rest/posts')).to.equal(1);
  });

  it('sends the person back to the app’s returnTo, with the connection or the error', async () => {
    const { state, code } = await authorize('https://app.example/settings');
    const back = await pages.get(`/connect/linkedin/callback?code=${code}&state=${state}`);
    expect(back.status).to.equal(303);
    expect(new URL(back.headers.location!).searchParams.get('connection')).to.match(/^[0-9A-Z]{26}$/);
    const declined = await authorize('https://app.example/settings');
    const refused = await pages.get(`/connect/linkedin/callback?error=user_cancelled_authorize&state=${declined.state}`);
    expect(new URL(refused.headers.location!).searchParams.get('error')).to.include('LinkedIn did not grant access (user_cancelled_authorize');
  });

  it('refuses a returnTo on another origin (no open redirect)', async () => {
    const res = await http.post(`/v1/workspaces/${ws}/connections/authorize`).set(auth).send({ platform: 'LINKEDIN', returnTo: 'https://evil.example/' });
    expect(res.status).to.equal(422);
    expect(res.body.error.code).to.equal('invalid_return_to');
  });

  it('refuses a tampered state, a reused state, a missing state and access_denied, each with a plain page', async () => {
    const { state, code } = await authorize();
    const tampered = await pages.get(`/connect/linkedin/callback?code=${code}&state=${state}x`);
    expect([tampered.status, tampered.text]).to.satisfy(([status, text]: [number, string]) => status === 400 && text.includes('already used or is unknown'));
    await pages.get(`/connect/linkedin/callback?code=${code}&state=${state}`).expect(200);
    const reused = await pages.get(`/connect/linkedin/callback?code=${code}&state=${state}`);
    expect(reused.status).to.equal(400);
    expect(reused.text).to.include('already used or is unknown');
    expect((await pages.get(`/connect/linkedin/callback?code=${code}`)).text).to.include('sent no state back');
    const denied = await authorize();
    const page = await pages.get(`/connect/linkedin/callback?error=access_denied&error_description=The+member+declined&state=${denied.state}`);
    expect(page.status).to.equal(400);
    expect(page.text).to.include('LinkedIn did not grant access (access_denied: The member declined)');
  });

  it('binds the state to the workspace that started it: another workspace’s owner gets no connection from it', async () => {
    await t.given.user(OTHER_OWNER_EMAIL);
    const other = await t.given.workspace(OTHER_OWNER_EMAIL, 'Other');
    const { state, code } = await authorize();
    await pages.get(`/connect/linkedin/callback?code=${code}&state=${state}`).expect(200);
    const otherKey = (await t.given.apiKey(other, OTHER_OWNER_EMAIL, 'owner')).key;
    const theirs = (
      await http
        .get(`/v1/workspaces/${other}/connections`)
        .set({ Authorization: `Bearer ${otherKey}` })
        .expect(200)
    ).body.data;
    expect(theirs).to.deep.equal([]);
  });
});
