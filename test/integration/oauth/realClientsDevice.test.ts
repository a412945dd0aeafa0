import { expect } from 'chai';
import { decodeJwt } from 'jose';
import * as client from 'openid-client';
import { DEVICE_CLIENT, OAuthServerKit, SCOPE } from './oauthServerKit';
import { type PageAnswer } from './realClientsPerson';

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** One poll of the token endpoint: who made it, what it heard, when (ms since the loop started). */
interface Poll {
  readonly by: 'hand' | 'loop';
  readonly heard: string;
  readonly at: number;
}

/**
 * A CLI agent by the device flow with openid-client's own polling loop (docs/oauth.md), while
 * the person approves at a browser. The server never raises its interval at slow_down
 * (docs/decisions.md, "OAuth server"), so the loop, which adds 5 s to its own, must converge.
 * This is the one test that waits for real time: the loop's interval is 5 s, then 10 s.
 */
describe('real clients: a CLI agent by the device flow (openid-client polling loop)', function () {
  let kit: OAuthServerKit;
  let authorization: client.DeviceAuthorizationResponse;
  let tokens: client.TokenEndpointResponse;
  const polls: Poll[] = [];
  let approved: Promise<PageAnswer> | null = null;

  before(async function () {
    this.timeout(60_000);
    kit = await OAuthServerKit.start(this);
    const config = await kit.discover(DEVICE_CLIENT);
    authorization = await client.initiateDeviceAuthorization(config, { scope: SCOPE, resource: kit.issuer });

    const started = Date.now();
    const poll = async (by: Poll['by'], response: Response): Promise<Response> => {
      const body = (await response.clone().json()) as { error?: string };
      polls.push({ by, heard: body.error ?? 'tokens', at: Date.now() - started });
      return response;
    };
    config[client.customFetch] = async (url, options) => {
      const isPoll = url === `${kit.issuer}/oauth/token`;
      if (isPoll && polls.length === 0) {
        // A poll of the agent's own, made just before the loop's first: the loop's poll comes too soon.
        const form = new URLSearchParams({ grant_type: DEVICE_GRANT, device_code: authorization.device_code, client_id: DEVICE_CLIENT });
        await poll('hand', await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form }));
      }
      const response = await fetch(url, options);
      if (!isPoll) return response;
      await poll('loop', response);
      // The person, told the code, approves while the agent is being told to slow down.
      if (polls.at(-1)!.heard === 'slow_down' && approved === null) approved = kit.person.approveDevice(authorization.verification_uri_complete!, kit.ws);
      return response;
    };
    tokens = await client.pollDeviceAuthorizationGrant(config, authorization);
  });
  after(async () => kit?.stop());

  it('the device authorization answer: a short user code, the verification URIs under BASE_URL, 10 minutes, a 5 s interval', () => {
    expect(authorization.user_code).to.match(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(authorization.verification_uri).to.equal(`${kit.issuer}/device`);
    expect(authorization.verification_uri_complete).to.equal(`${kit.issuer}/device?user_code=${authorization.user_code}`);
    expect(authorization.device_code).to.have.length.of.at.least(43);
    expect(authorization).to.include({ expires_in: 600, interval: 5 });
  });

  it('the loop hears slow_down once, waits its longer interval, and its next poll gets the tokens: no livelock', async () => {
    expect(polls.map((p) => `${p.by}: ${p.heard}`)).to.deep.equal(['hand: authorization_pending', 'loop: slow_down', 'loop: tokens']);
    // The prototype's loop never ended; here the agent holds its tokens within one slowed-down interval.
    expect(polls.at(-1)!.at).to.be.below(20_000);
    const page = await approved!;
    expect(page.status, page.html).to.equal(200);
    expect(page.html).to.contain('Device approved');
  });

  it('the tokens are the person’s, for the workspace they chose, with the scopes asked for, and a refresh token', () => {
    expect(tokens.token_type.toLowerCase()).to.equal('bearer');
    expect(tokens.scope).to.equal(SCOPE);
    expect(tokens.refresh_token).to.match(/^dsr_/);
    expect(decodeJwt(tokens.access_token)).to.include({ iss: kit.issuer, aud: kit.issuer, sub: kit.userId, client_id: DEVICE_CLIENT, workspace_id: kit.ws });
  });

  it('the agent creates a post with its token and reads it back; another workspace of the same person refuses it (403)', async () => {
    const created = await kit.createPost(tokens.access_token, kit.ws);
    expect(created.status, JSON.stringify(created.body)).to.equal(200);
    const read = await kit.readPost(tokens.access_token, kit.ws, created.body.id as string);
    expect(read.status).to.equal(200);
    expect(read.body.id).to.equal(created.body.id);

    const elsewhere = await kit.createPost(tokens.access_token, kit.sideWs);
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).to.equal(403);
    expect((elsewhere.body.error as { code: string }).code).to.equal('workspace_not_allowed');
  });
});
