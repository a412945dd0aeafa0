import { expect } from 'chai';
import { decodeJwt } from 'jose';
import * as client from 'openid-client';
import { handleFor } from '../../support/data/connections';
import { FixedClock } from '../../support/fixedClock';
import { type Browser, type PageAnswer } from '../../support/oauthKit/browser';
import { withClientWaitsOn } from '../../support/oauthKit/clientWaits';
import { OpenIdClient } from '../../support/oauthKit/openidClient';
import { OAuthService } from '../../support/oauthKit/service';

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
/** A CLI or agent: public, the device grant and refresh. */
const DEVICE_CLIENT = 'dispatch-cli';
const SCOPE = 'posts:read posts:write';

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
 * openid-client waits its interval before each poll, the first too, and an approved code is
 * redeemed whatever the timing; so the loop starts at 1 s right after a poll of the agent's own
 * (slow_down), and the person approves only once the loop has heard authorization_pending again:
 * a server that kept answering slow_down would never let it get there. The loop polls at 1 s,
 * 7 s and 13 s of the injected clock: openid-client's waits move it instead of passing in real
 * time (withClientWaitsOn), and the service reads the same clock.
 */
describe('real clients: a CLI agent by the device flow (openid-client polling loop)', function () {
  let kit: OAuthService;
  let person: Browser;
  let userId: string;
  let ws: string;
  let sideWs: string;
  let conn: Record<string, string>;
  const createPost = (token: string, workspaceId: string) => kit.createDraft(token, workspaceId, conn[workspaceId]!);
  const readPost = (token: string, workspaceId: string, postId: string) => kit.bearer('GET', `/v1/workspaces/${workspaceId}/posts/${postId}`, token);
  let authorization: client.DeviceAuthorizationResponse;
  let tokens: client.TokenEndpointResponse;
  const polls: Poll[] = [];
  let approved: Promise<PageAnswer> | null = null;

  before(async function () {
    this.timeout(60_000);
    kit = await OAuthService.start(this, { clock: new FixedClock() });
    ({ userId, ws, sideWs } = await kit.givenOwner());
    conn = { [ws]: await kit.t.given.connection(ws, 'TWITTER', handleFor('TWITTER')), [sideWs]: await kit.t.given.connection(sideWs, 'TWITTER', '@side') };
    await kit.registerClient(DEVICE_CLIENT);
    person = await kit.signedIn();
    const config = (await OpenIdClient.discover(kit, DEVICE_CLIENT)).config;
    authorization = await client.initiateDeviceAuthorization(config, { scope: SCOPE, resource: kit.issuer });

    const started = kit.clock.now().getTime();
    const elapsed = () => kit.clock.now().getTime() - started;
    const giveUp = new AbortController();
    const heard = async (by: Poll['by'], response: Response): Promise<Response> => {
      const body = (await response.clone().json()) as { error?: string };
      polls.push({ by, heard: body.error ?? 'tokens', at: elapsed() });
      return response;
    };
    // The agent's loop is watched: every answer it gets is noted, and the person acts on them.
    config[client.customFetch] = async (url, options) => {
      const response = await fetch(url, options);
      if (url !== `${kit.issuer}/oauth/token`) return response;
      await heard('loop', response);
      if (elapsed() > 25_000) giveUp.abort(new Error('25 s on the clock'));
      // The person, told the code, approves once the loop is back to hearing "pending" after its slow_down.
      if (polls.at(-1)!.heard === 'authorization_pending') approved ??= person.approveDevice(authorization.verification_uri_complete!, ws);
      // Decided before the loop's next poll, which on the clock comes at once.
      await approved;
      return response;
    };
    // A first poll by hand, then the loop started impatient (1 s, not the advertised 5 s): its first poll is too soon.
    const form = new URLSearchParams({ grant_type: DEVICE_GRANT, device_code: authorization.device_code, client_id: DEVICE_CLIENT });
    await heard('hand', await fetch(`${kit.issuer}/oauth/token`, { method: 'POST', body: form }));
    // A livelocked loop would poll until the code expires: give up after 25 s (on the clock, or in real time), saying what it heard.
    const signal = AbortSignal.any([giveUp.signal, AbortSignal.timeout(25_000)]);
    tokens = await withClientWaitsOn(kit.clock, () =>
      client.pollDeviceAuthorizationGrant(config, { ...authorization, interval: 1 }, undefined, { signal }),
    ).catch((error: unknown) => {
      throw new Error(`the polling loop did not end: ${polls.map((p) => `${p.by}: ${p.heard} at ${p.at} ms`).join(', ')}`, { cause: error });
    });
  });
  after(async () => kit?.stop());

  it('the device authorization answer: a short user code, the verification URIs under BASE_URL, 10 minutes, a 5 s interval', () => {
    expect(authorization.user_code).to.match(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(authorization.verification_uri).to.equal(`${kit.issuer}/device`);
    expect(authorization.verification_uri_complete).to.equal(`${kit.issuer}/device?user_code=${authorization.user_code}`);
    expect(authorization.device_code).to.have.length.of.at.least(43);
    expect(authorization).to.include({ expires_in: 600, interval: 5 });
  });

  it('the loop hears slow_down once, backs off, hears authorization_pending, and gets the tokens once approved: no livelock', async () => {
    expect(polls.map((p) => `${p.by}: ${p.heard}`)).to.deep.equal([
      'hand: authorization_pending',
      'loop: slow_down',
      'loop: authorization_pending',
      'loop: tokens',
    ]);
    expect(polls.at(-1)!.at).to.be.below(20_000);
    const page = await approved!;
    expect(page.status, page.text).to.equal(200);
    expect(page.text).to.contain('Device approved');
  });

  it('the tokens are the person’s, for the workspace they chose, with the scopes asked for, and a refresh token', () => {
    expect(tokens.token_type.toLowerCase()).to.equal('bearer');
    expect(tokens.scope).to.equal(SCOPE);
    expect(tokens.refresh_token).to.match(/^dsr_/);
    expect(decodeJwt(tokens.access_token)).to.include({ iss: kit.issuer, aud: kit.issuer, sub: userId, client_id: DEVICE_CLIENT, workspace_id: ws });
  });

  it('the agent creates a post with its token and reads it back; another workspace of the same person refuses it (403)', async () => {
    const created = await createPost(tokens.access_token, ws);
    expect(created.status, JSON.stringify(created.body)).to.equal(200);
    const read = await readPost(tokens.access_token, ws, created.body.id as string);
    expect(read.status).to.equal(200);
    expect(read.body.id).to.equal(created.body.id);

    const elsewhere = await createPost(tokens.access_token, sideWs);
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).to.equal(403);
    expect((elsewhere.body.error as { code: string }).code).to.equal('workspace_not_allowed');
  });

  it("the agent's refresh keeps the workspace binding: the refreshed token posts in the chosen workspace only", async () => {
    const refreshed = await (await OpenIdClient.discover(kit, DEVICE_CLIENT)).refresh(tokens.refresh_token!);
    expect(decodeJwt(refreshed.access_token)).to.include({ client_id: DEVICE_CLIENT, workspace_id: ws, scope: SCOPE });
    expect((await createPost(refreshed.access_token, ws)).status).to.equal(200);
    expect((await createPost(refreshed.access_token, sideWs)).status).to.equal(403);
  });
});
