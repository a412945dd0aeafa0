import { expect } from 'chai';
import * as client from 'openid-client';
import { DATABASE_KINDS } from '../../support/databases';
import { handleFor } from '../../support/data/connections';
import { type Browser } from '../../support/oauthKit/browser';
import { OpenIdClient, refusalOf } from '../../support/oauthKit/openidClient';
import { OAuthService } from '../../support/oauthKit/service';

/** A web app: public (PKCE), the code grant and refresh, the web app's loopback redirect URI. */
const WEB_CLIENT = 'example-web';
const SCOPE = 'posts:read posts:write';

/**
 * openid-client v6's refresh, revocation and introspection against the service's authorization
 * server, with tokens a web app got by the code flow (docs/decisions.md, "OAuth server").
 */
for (const kind of DATABASE_KINDS) {
  describe(`real clients: refresh, revocation and introspection (openid-client) on ${kind}`, function () {
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
      await kit.registerWebClient(WEB_CLIENT);
      person = await kit.signedIn();
      web = await OpenIdClient.discover(kit, WEB_CLIENT);
      config = web.config;
    });
    after(async () => kit?.stop());

    it('refreshTokenGrant rotates: a new refresh token that works, the old one refused, and that reuse ends the family', async () => {
      const first = (await web.codeFlow(person, { workspaceId: ws, scope: SCOPE })).tokens;
      const second = await client.refreshTokenGrant(config, first.refresh_token!);
      expect(second.refresh_token).to.match(/^dsr_/).and.not.equal(first.refresh_token);
      expect(second.access_token).to.not.equal(first.access_token);
      expect(second.scope).to.equal(SCOPE);
      expect((await createPost(second.access_token, ws)).status).to.equal(200);

      expect(await refusalOf(client.refreshTokenGrant(config, first.refresh_token!))).to.equal('invalid_grant');
      // A replayed refresh token means it leaked: every token of the family stops working.
      expect(await refusalOf(client.refreshTokenGrant(config, second.refresh_token!))).to.equal('invalid_grant');
      expect((await createPost(second.access_token, ws)).status).to.equal(401);
    });

    it('a refresh may narrow the scope: the narrower token reads posts but may not write them', async () => {
      const { tokens } = await web.codeFlow(person, { workspaceId: ws, scope: SCOPE });
      const narrowed = await client.refreshTokenGrant(config, tokens.refresh_token!, { scope: 'posts:read' });
      expect(narrowed.scope).to.equal('posts:read');
      const created = await createPost(tokens.access_token, ws);
      expect((await readPost(narrowed.access_token, ws, created.body.id as string)).status).to.equal(200);
      expect((await createPost(narrowed.access_token, ws)).status).to.equal(403);
    });

    it('tokenIntrospection of a live access token answers active with its client, person, workspace, scope, audience and times', async () => {
      const { tokens } = await web.codeFlow(person, { workspaceId: ws, scope: SCOPE });
      const now = Math.floor(Date.now() / 1000);
      const answer = await client.tokenIntrospection(config, tokens.access_token);
      expect(answer).to.include({
        active: true,
        client_id: WEB_CLIENT,
        sub: userId,
        workspace_id: ws,
        scope: SCOPE,
        aud: kit.issuer,
        iss: kit.issuer,
        token_type: 'Bearer',
      });
      expect(answer.iat).to.be.within(now - 5, now + 5);
      expect(answer.exp).to.equal(answer.iat! + 600);

      const refresh = await client.tokenIntrospection(config, tokens.refresh_token!);
      expect(refresh).to.include({ active: true, client_id: WEB_CLIENT, sub: userId, workspace_id: ws, scope: SCOPE, token_type: 'refresh_token' });
    });

    it('tokenRevocation of the refresh token: introspection then answers {"active": false} for it and its access token, and the API refuses the token', async () => {
      const { tokens } = await web.codeFlow(person, { workspaceId: ws, scope: SCOPE });
      expect((await client.tokenIntrospection(config, tokens.access_token)).active).to.equal(true);
      await client.tokenRevocation(config, tokens.refresh_token!, { token_type_hint: 'refresh_token' });

      expect({ ...(await client.tokenIntrospection(config, tokens.refresh_token!)) }).to.deep.equal({ active: false });
      expect({ ...(await client.tokenIntrospection(config, tokens.access_token)) }).to.deep.equal({ active: false });
      expect((await createPost(tokens.access_token, ws)).status).to.equal(401);
      expect(await refusalOf(client.refreshTokenGrant(config, tokens.refresh_token!))).to.equal('invalid_grant');
    });

    it('tokenRevocation of an access token ends it too, and revoking it again still answers 200', async () => {
      const { tokens } = await web.codeFlow(person, { workspaceId: ws, scope: SCOPE });
      await client.tokenRevocation(config, tokens.access_token, { token_type_hint: 'access_token' });
      expect({ ...(await client.tokenIntrospection(config, tokens.access_token)) }).to.deep.equal({ active: false });
      expect((await createPost(tokens.access_token, ws)).status).to.equal(401);
      await client.tokenRevocation(config, tokens.access_token);
    });
  });
}
