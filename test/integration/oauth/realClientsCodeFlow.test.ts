import { expect } from 'chai';
import { decodeJwt } from 'jose';
import * as client from 'openid-client';
import { DATABASE_KINDS } from '../../support/databases';
import { DEVICE_CLIENT, OAuthServerKit, SCOPE, WEB_CLIENT } from './oauthServerKit';

/**
 * openid-client v6 against the service's authorization server on 127.0.0.1: discovery, and a
 * web app signing a person in by the code flow with PKCE (docs/oauth.md), then posting for them.
 */
for (const kind of DATABASE_KINDS) {
  describe(`real clients: discovery and the code flow with PKCE (openid-client) on ${kind}`, function () {
    let kit: OAuthServerKit;
    let config: client.Configuration;

    before(async function () {
      kit = await OAuthServerKit.start(this, kind);
      config = await kit.discover(WEB_CLIENT);
    });
    after(async () => kit?.stop());

    it('discovery reads the metadata: the issuer is BASE_URL, every endpoint under it, S256 only, iss in responses, no registration', async () => {
      const metadata = config.serverMetadata();
      const at = (path: string) => `${kit.issuer}${path}`;
      expect(metadata.issuer).to.equal(kit.issuer);
      expect(metadata).to.include({
        authorization_endpoint: at('/oauth/authorize'),
        token_endpoint: at('/oauth/token'),
        device_authorization_endpoint: at('/oauth/device/authorize'),
        revocation_endpoint: at('/oauth/revoke'),
        introspection_endpoint: at('/oauth/introspect'),
        jwks_uri: at('/.well-known/jwks.json'),
        authorization_response_iss_parameter_supported: true,
      });
      expect(metadata.code_challenge_methods_supported).to.deep.equal(['S256']);
      expect(metadata.grant_types_supported).to.include.members(['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code']);
      expect(metadata.scopes_supported).to.have.length(12).and.include.members(SCOPE.split(' '));
      expect(metadata).to.not.have.property('registration_endpoint');
      expect(metadata.supportsPKCE()).to.equal(true);
      // The device client discovers the same server.
      expect((await kit.discover(DEVICE_CLIENT)).serverMetadata().issuer).to.equal(kit.issuer);
    });

    it('the consent answers 303 to the redirect URI with code, state and iss; the code becomes tokens for the chosen workspace', async () => {
      const { tokens, callbackUrl, state } = await kit.codeFlow(config);
      expect(callbackUrl.origin + callbackUrl.pathname).to.equal(kit.redirectUri);
      expect(callbackUrl.searchParams.get('state')).to.equal(state);
      expect(callbackUrl.searchParams.get('iss')).to.equal(kit.issuer);
      expect(callbackUrl.searchParams.get('code')).to.match(/^[A-Za-z0-9_-]{43}$/);

      expect(tokens.token_type.toLowerCase()).to.equal('bearer');
      expect(tokens.scope).to.equal(SCOPE);
      expect(tokens.expires_in).to.equal(600);
      expect(tokens.refresh_token).to.match(/^dsr_/);
      const claims = decodeJwt(tokens.access_token);
      expect(claims).to.include({ iss: kit.issuer, aud: kit.issuer, sub: kit.userId, client_id: WEB_CLIENT, workspace_id: kit.ws, scope: SCOPE });
    });

    it('a web app posts for the person with its token, reads the post back, and is refused in another workspace of theirs', async () => {
      const { tokens } = await kit.codeFlow(config);
      const created = await kit.createPost(tokens.access_token, kit.ws);
      expect(created.status, JSON.stringify(created.body)).to.equal(200);
      const read = await kit.readPost(tokens.access_token, kit.ws, created.body.id as string);
      expect(read.status).to.equal(200);
      expect(read.body.id).to.equal(created.body.id);

      // The person owns the other workspace too: only the token's workspace binding refuses it.
      const elsewhere = await kit.createPost(tokens.access_token, kit.sideWs);
      expect(elsewhere.status, JSON.stringify(elsewhere.body)).to.equal(403);
      expect((elsewhere.body.error as { code: string }).code).to.equal('workspace_not_allowed');
    });

    it('the code works once: the same callback exchanged again is refused with invalid_grant', async () => {
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: kit.redirectUri,
        scope: SCOPE,
        state,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      const finalized = await kit.person.consent(url.href, kit.ws);
      const callbackUrl = new URL(finalized.location!);
      await client.authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: verifier, expectedState: state });
      const again = await client.authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: verifier, expectedState: state }).catch((e: unknown) => e);
      expect(again).to.be.instanceOf(client.ResponseBodyError);
      expect((again as client.ResponseBodyError).error).to.equal('invalid_grant');
    });
  });
}
