import { expect } from 'chai';
import { decodeJwt } from 'jose';
import * as client from 'openid-client';
import { DATABASE_KINDS } from '../../support/databases';
import { handleFor } from '../../support/data/connections';
import { type Browser } from '../../support/oauthKit/browser';
import { OpenIdClient } from '../../support/oauthKit/openidClient';
import { OAuthService } from '../../support/oauthKit/service';

/** A CLI or agent: public, the device grant and refresh. */
const DEVICE_CLIENT = 'dispatch-cli';
/** A web app: public (PKCE), the code grant and refresh, the web app's loopback redirect URI. */
const WEB_CLIENT = 'example-web';
const SCOPE = 'posts:read posts:write';

/**
 * openid-client v6 against the service's authorization server on 127.0.0.1: discovery, and a
 * web app signing a person in by the code flow with PKCE (docs/oauth.md), then posting for them.
 */
for (const kind of DATABASE_KINDS) {
  describe(`real clients: discovery and the code flow with PKCE (openid-client) on ${kind}`, function () {
    let kit: OAuthService;
    let person: Browser;
    let userId: string;
    let ws: string;
    let sideWs: string;
    let conn: Record<string, string>;
    const createPost = (token: string, workspaceId: string) => kit.createDraft(token, workspaceId, conn[workspaceId]!);
    const readPost = (token: string, workspaceId: string, postId: string) => kit.bearer('GET', `/v1/workspaces/${workspaceId}/posts/${postId}`, token);
    let web: OpenIdClient;
    let config: client.Configuration;

    before(async function () {
      kit = await OAuthService.start(this, { kind });
      ({ userId, ws, sideWs } = await kit.givenOwner());
      conn = { [ws]: await kit.t.given.connection(ws, 'TWITTER', handleFor('TWITTER')), [sideWs]: await kit.t.given.connection(sideWs, 'TWITTER', '@side') };
      await kit.registerClient(DEVICE_CLIENT);
      await kit.registerWebClient(WEB_CLIENT);
      person = await kit.signedIn();
      web = await OpenIdClient.discover(kit, WEB_CLIENT);
      config = web.config;
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
      expect((await OpenIdClient.discover(kit, DEVICE_CLIENT)).config.serverMetadata().issuer).to.equal(kit.issuer);
    });

    it('the consent answers 303 to the redirect URI with code, state and iss; the code becomes tokens for the chosen workspace', async () => {
      const { tokens, callbackUrl, state } = await web.codeFlow(person, { workspaceId: ws, scope: SCOPE });
      expect(callbackUrl.origin + callbackUrl.pathname).to.equal(kit.webApp.redirectUri);
      expect(callbackUrl.searchParams.get('state')).to.equal(state);
      expect(callbackUrl.searchParams.get('iss')).to.equal(kit.issuer);
      expect(callbackUrl.searchParams.get('code')).to.match(/^[A-Za-z0-9_-]{43}$/);

      expect(tokens.token_type.toLowerCase()).to.equal('bearer');
      expect(tokens.scope).to.equal(SCOPE);
      expect(tokens.expires_in).to.equal(600);
      expect(tokens.refresh_token).to.match(/^dsr_/);
      const claims = decodeJwt(tokens.access_token);
      expect(claims).to.include({ iss: kit.issuer, aud: kit.issuer, sub: userId, client_id: WEB_CLIENT, workspace_id: ws, scope: SCOPE });
    });

    it('a web app posts for the person with its token, reads the post back, and is refused in another workspace of theirs', async () => {
      const { tokens } = await web.codeFlow(person, { workspaceId: ws, scope: SCOPE });
      const created = await createPost(tokens.access_token, ws);
      expect(created.status, JSON.stringify(created.body)).to.equal(200);
      const read = await readPost(tokens.access_token, ws, created.body.id as string);
      expect(read.status).to.equal(200);
      expect(read.body.id).to.equal(created.body.id);

      // The person owns the other workspace too: only the token's workspace binding refuses it.
      const elsewhere = await createPost(tokens.access_token, sideWs);
      expect(elsewhere.status, JSON.stringify(elsewhere.body)).to.equal(403);
      expect((elsewhere.body.error as { code: string }).code).to.equal('workspace_not_allowed');
    });

    it('the code works once: the same callback exchanged again is refused with invalid_grant', async () => {
      const { url, verifier, state } = await web.authorizationUrl({ scope: SCOPE });
      const finalized = await person.consent(url.href, ws);
      const callbackUrl = new URL(finalized.location!);
      await client.authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: verifier, expectedState: state });
      const again = await client.authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: verifier, expectedState: state }).catch((e: unknown) => e);
      expect(again).to.be.instanceOf(client.ResponseBodyError);
      expect((again as client.ResponseBodyError).error).to.equal('invalid_grant');
    });
  });
}
