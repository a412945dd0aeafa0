import { expect } from 'chai';
import * as oauth from 'oauth4webapi';
import { OWNER_EMAIL } from '../../support/data/people';
import { FixedClock } from '../../support/fixedClock';
import { CALLBACK, expectRefusal, expectTokens, Oauth4WebApi, type TestClient } from '../../support/oauthKit/oauth4webapi';
import { OAuthService } from '../../support/oauthKit/service';

const ROUNDS = Number(process.env.OAUTH_RACE_ROUNDS ?? 3);

/** The code flow's refusals, as oauth4webapi and a browser see them (docs/decisions.md, "OAuth server"). */
for (const kind of ['sqlite', 'mysql'] as const) {
  describe(`OAuth errors: the authorization code flow (${kind})`, () => {
    let kit: OAuthService;
    let oauth4: Oauth4WebApi;
    let ws: string;
    let app: TestClient;

    beforeEach(async function () {
      kit = await OAuthService.start(this, { kind, clock: new FixedClock() });
      await kit.t.given.user(OWNER_EMAIL);
      ws = await kit.t.given.workspace(OWNER_EMAIL);
      oauth4 = await Oauth4WebApi.discover(kit, ws);
      app = await oauth4.register('web-app');
    });
    afterEach(() => kit.stop());

    const challenge = () => oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier());

    it('a redirect_uri that is not exactly a registered one is a 400 page at /oauth/authorize, never a redirect', async () => {
      const browser = await kit.signedIn();
      for (const redirect of [`${CALLBACK}/`, `${CALLBACK}?next=1`, CALLBACK.replace(':8765', ':8766')]) {
        const res = await browser.get(oauth4.authorizeUrl('web-app', await challenge(), { redirect_uri: redirect }));
        expect(res.status, redirect).to.equal(400);
        expect(res.headers.get('location'), redirect).to.equal(null);
        expect(res.headers.get('content-type')).to.match(/^text\/html/);
        expect(res.text).to.include('is not one it registered');
      }
    });

    it('a code redeemed with a redirect_uri other than its own is invalid_grant (trailing slash, extra query, other port)', async () => {
      for (const redirect of [`${CALLBACK}/`, `${CALLBACK}?next=1`, CALLBACK.replace(':8765', ':8766')]) {
        expectRefusal(await oauth4.redeemCode(app, await oauth4.authorizationCode(app), redirect), 400, 'invalid_grant');
      }
    });

    for (const [name, overrides] of [
      ['a missing code_challenge', { code_challenge: undefined, code_challenge_method: undefined }],
      ['a plain code_challenge', { code_challenge_method: 'plain' }],
    ] as const) {
      it(`${name} goes back to the client with error=invalid_request, state and iss`, async () => {
        const res = await (await kit.signedIn()).get(oauth4.authorizeUrl('web-app', oauth.generateRandomCodeVerifier(), overrides));
        expect(res.status).to.equal(303);
        const back = new URL(res.headers.get('location')!);
        expect(`${back.origin}${back.pathname}`).to.equal(CALLBACK);
        expect(back.searchParams.get('error')).to.equal('invalid_request');
        expect(back.searchParams.get('state')).to.equal('st-123');
        expect(back.searchParams.get('iss')).to.equal(kit.baseUrl);
        expect(back.searchParams.has('code')).to.equal(false);
      });
    }

    it('response_type=token (implicit) goes back with unsupported_response_type', async () => {
      const res = await (await kit.signedIn()).get(oauth4.authorizeUrl('web-app', await challenge(), { response_type: 'token' }));
      expect(res.status).to.equal(303);
      const back = new URL(res.headers.get('location')!);
      expect(back.searchParams.get('error')).to.equal('unsupported_response_type');
      expect(back.searchParams.get('iss')).to.equal(kit.baseUrl);
      expect(back.hash, 'nothing in a fragment').to.equal('');
    });

    it('a resource other than the API: invalid_target back at the client, and invalid_target at the token endpoint', async () => {
      const res = await (await kit.signedIn()).get(oauth4.authorizeUrl('web-app', await challenge(), { resource: 'https://elsewhere.example/api' }));
      expect(res.status).to.equal(303);
      const back = new URL(res.headers.get('location')!);
      expect([back.searchParams.get('error'), back.searchParams.get('state')]).to.deep.equal(['invalid_target', 'st-123']);

      const code = await oauth4.authorizationCode(app);
      expectRefusal(await oauth4.redeemCode(app, code, CALLBACK, 'https://elsewhere.example/api'), 400, 'invalid_target');
      expectTokens(await oauth4.redeemCode(app, code, CALLBACK, kit.baseUrl));
    });

    it('a wrong code_verifier is invalid_grant', async () => {
      const code = await oauth4.authorizationCode(app);
      expectRefusal(await oauth4.redeemCode(app, { ...code, verifier: oauth.generateRandomCodeVerifier() }), 400, 'invalid_grant');
    });

    it('a reused code is invalid_grant, and the tokens of its first use stop working', async () => {
      const code = await oauth4.authorizationCode(app);
      const first = expectTokens(await oauth4.redeemCode(app, code));
      expect(await kit.apiStatus(first.access_token), 'works before the replay').to.equal(200);

      expectRefusal(await oauth4.redeemCode(app, code), 400, 'invalid_grant');
      expect(await kit.apiStatus(first.access_token), 'the access token is revoked').to.equal(401);
      expectRefusal(await oauth4.refresh(app, first.refresh_token!), 400, 'invalid_grant');
    });

    it('a code redeemed by another client is invalid_grant, and spent for its own client too', async () => {
      const other = await oauth4.register('other-app');
      const code = await oauth4.authorizationCode(app);
      expectRefusal(await oauth4.redeemCode(other, code), 400, 'invalid_grant');
      expectRefusal(await oauth4.redeemCode(app, code), 400, 'invalid_grant');
    });

    it('two concurrent redemptions of one code: exactly one gets tokens, and the replay revokes them', async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const code = await oauth4.authorizationCode(app);
        const outcomes = await Promise.all([oauth4.redeemCode(app, code), oauth4.redeemCode(app, code)]);
        const won = outcomes.filter((o) => 'ok' in o);
        expect(won, `round ${round}: one winner`).to.have.length(1);
        expectRefusal(outcomes.find((o) => 'refused' in o)!, 400, 'invalid_grant');
        const winner = expectTokens(won[0]!);
        expect(await kit.apiStatus(winner.access_token), `round ${round}: the second use revoked what the first got`).to.equal(401);
        expectRefusal(await oauth4.refresh(app, winner.refresh_token!), 400, 'invalid_grant');
      }
    });

    it('a code redeemed 61 s after it was issued has expired: invalid_grant', async () => {
      const code = await oauth4.authorizationCode(app);
      kit.clock.advanceSeconds(61);
      expectRefusal(await oauth4.redeemCode(app, code), 400, 'invalid_grant');
    });

    it('the same code 59 s after it was issued still works (the expiry above is the clock, not the code)', async () => {
      const code = await oauth4.authorizationCode(app);
      kit.clock.advanceSeconds(59);
      expectTokens(await oauth4.redeemCode(app, code));
    });
  });
}
