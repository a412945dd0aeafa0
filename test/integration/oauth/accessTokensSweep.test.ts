import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { TOKENS as T } from '../../../config/tokens';
import { DATABASE_KINDS } from '../../support/databases';
import { OWNER_EMAIL } from '../../support/data/people';
import { FixedClock } from '../../support/fixedClock';
import { FormEndpoints } from '../../support/oauthKit/formEndpoints';
import { bearer, OAuthService } from '../../support/oauthKit/service';

const REDIRECT = 'http://127.0.0.1:9/callback';
const VERIFIER = 'a-verifier-of-enough-length-for-pkce-0123456789abcdef';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
const MINUTE = 60;

// docs/decisions.md, "OAuth server": the worker's sweep removes what ended, but keeps an expired
// device code an hour so a late poll still hears expired_token.
for (const kind of DATABASE_KINDS) {
  describe(`OAuth housekeeping: the sweep on the injected clock, on ${kind}`, function () {
    let kit: OAuthService;
    let oauth: FormEndpoints;
    let ownerId: string;
    let ws: string;

    before(async function () {
      kit = await OAuthService.start(this, { kind, clock: new FixedClock() });
      oauth = await FormEndpoints.forAgent(kit);
      ownerId = await kit.t.given.user(OWNER_EMAIL);
      ws = await kit.t.given.workspace(OWNER_EMAIL);
      await kit.t.composition.get(T.ManageClients).register({
        clientId: 'web-app',
        name: 'Web app',
        redirectUris: [REDIRECT],
        grants: ['authorization_code', 'refresh_token'],
        scopes: ['accounts:read'],
        confidential: false,
      });
    });
    after(async () => kit?.stop());

    const sweep = () => kit.t.composition.get(T.SweepAuthorizations).sweep();
    const count = async (sql: string): Promise<number> => Number((await kit.t.dataSource.query(sql))[0].n);
    const codes = () => count("SELECT COUNT(*) AS n FROM oauth_tokens WHERE kind = 'code'");
    const stored = async (refreshToken: string): Promise<boolean> => {
      const hash = kit.t.composition.get(T.SecretHasher).hashToken(refreshToken);
      return (await kit.t.dataSource.query('SELECT token_hash FROM oauth_tokens WHERE token_hash = ?', [hash])).length === 1;
    };
    const tickets = () => count('SELECT COUNT(*) AS n FROM oauth_consent_tickets');
    const devices = () => count('SELECT COUNT(*) AS n FROM oauth_device_authorizations');

    /** A consent page opened for the web app: its ticket, and (when finalized) the code it gave. */
    async function consent(finalize: boolean): Promise<string | null> {
      const checked = await kit.t.composition
        .get(T.StartAuthorization)
        .check({ responseType: 'code', clientId: 'web-app', redirectUri: REDIRECT, codeChallenge: CHALLENGE, codeChallengeMethod: 'S256' });
      if (checked.kind !== 'ok') throw new Error(`authorization request refused: ${checked.kind}`);
      const flow = kit.t.composition.get(T.ConsentToAuthorization);
      const view = await flow.open(ownerId, checked.request);
      if (!finalize) return null;
      const answer = await flow.finalize(ownerId, view.ticket, { approve: true, workspaceId: ws, scopes: ['accounts:read'] });
      return answer.parameters.code!;
    }

    it('removes expired codes, consent tickets and sessions, keeps live ones, and keeps an expired device code an hour', async () => {
      const expiredCode = await consent(true);
      await consent(false);
      const shortSession = await kit.t.given.session(OWNER_EMAIL, 5 * MINUTE);
      const longSession = await kit.t.given.session(OWNER_EMAIL, 24 * 3600);
      const token = await oauth.deviceToken(ownerId, ws, ['accounts:read']);
      const late = await oauth.startDevice('accounts:read');
      expect([await codes(), await tickets(), await devices()]).to.deep.equal([1, 1, 2]);

      kit.clock.advanceSeconds(10 * MINUTE + 1); // past the code (60 s), the ticket and the device code (10 min), the short session
      const swept = await sweep();
      expect(swept).to.include({ consentTickets: 1, sessions: 1 });
      expect([await codes(), await tickets()]).to.deep.equal([0, 0]);
      const redeemed = await kit.form
        .post('/oauth/token')
        .type('form')
        .send({ grant_type: 'authorization_code', code: expiredCode!, redirect_uri: REDIRECT, code_verifier: VERIFIER, client_id: 'web-app' });
      expect(redeemed.body.error).to.equal('invalid_grant');
      await kit.api.get('/v1/me').set(bearer(shortSession)).expect(401);
      await kit.api.get('/v1/me').set(bearer(longSession)).expect(200);
      // The live refresh token survives the sweep and still rotates.
      expect((await oauth.refresh(token.refresh_token)).status).to.equal(200);

      // Both device codes expired; kept an hour past expiry, a late poll hears expired_token.
      expect(await devices()).to.equal(2);
      kit.clock.advanceSeconds(60 * MINUTE - 2);
      expect((await sweep()).deviceCodes).to.equal(0);
      const heard = await oauth.poll(late.device_code);
      expect([heard.status, heard.body.error]).to.deep.equal([400, 'expired_token']);

      kit.clock.advanceSeconds(2);
      expect((await sweep()).deviceCodes).to.equal(2);
      expect(await devices()).to.equal(0);
      const gone = await oauth.poll(late.device_code);
      expect([gone.status, gone.body.error]).to.deep.equal([400, 'invalid_grant']);
    });

    it('removes a refresh token left unused past its idle lifetime; it can no longer be used', async () => {
      const token = await oauth.deviceToken(ownerId, ws, ['accounts:read']);
      kit.clock.advanceSeconds(kit.t.config.oauth.refreshIdleSeconds - 1);
      await sweep();
      expect(await stored(token.refresh_token)).to.equal(true);
      kit.clock.advanceSeconds(2);
      expect((await sweep()).endedGrantsAndCodes).to.be.greaterThan(0);
      expect(await stored(token.refresh_token)).to.equal(false);
      expect((await oauth.refresh(token.refresh_token)).body.error).to.equal('invalid_grant');
    });
  });
}
