import { expect } from 'chai';
import * as client from 'openid-client';
import { DATABASE_KINDS } from '../../support/databases';
import { OAuthServerKit, SCOPE, WEB_CLIENT } from './oauthServerKit';

/** What a real client's call refused with: the OAuth error code (or the error itself if it was something else). */
async function refusal(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (error === null) throw new Error('the call succeeded; a refusal was expected');
  if (!(error instanceof client.ResponseBodyError)) throw error;
  return error.error;
}

/**
 * openid-client v6's refresh, revocation and introspection against the service's authorization
 * server, with tokens a web app got by the code flow (docs/decisions.md, "OAuth server").
 */
for (const kind of DATABASE_KINDS) {
  describe(`real clients: refresh, revocation and introspection (openid-client) on ${kind}`, function () {
    let kit: OAuthServerKit;
    let config: client.Configuration;

    before(async function () {
      kit = await OAuthServerKit.start(this, kind);
      config = await kit.discover(WEB_CLIENT);
    });
    after(async () => kit?.stop());

    it('refreshTokenGrant rotates: a new refresh token that works, the old one refused, and that reuse ends the family', async () => {
      const first = (await kit.codeFlow(config)).tokens;
      const second = await client.refreshTokenGrant(config, first.refresh_token!);
      expect(second.refresh_token).to.match(/^dsr_/).and.not.equal(first.refresh_token);
      expect(second.access_token).to.not.equal(first.access_token);
      expect(second.scope).to.equal(SCOPE);
      expect((await kit.createPost(second.access_token, kit.ws)).status).to.equal(200);

      expect(await refusal(client.refreshTokenGrant(config, first.refresh_token!))).to.equal('invalid_grant');
      // A replayed refresh token means it leaked: every token of the family stops working.
      expect(await refusal(client.refreshTokenGrant(config, second.refresh_token!))).to.equal('invalid_grant');
      expect((await kit.createPost(second.access_token, kit.ws)).status).to.equal(401);
    });

    it('a refresh may narrow the scope: the narrower token reads posts but may not write them', async () => {
      const { tokens } = await kit.codeFlow(config);
      const narrowed = await client.refreshTokenGrant(config, tokens.refresh_token!, { scope: 'posts:read' });
      expect(narrowed.scope).to.equal('posts:read');
      const created = await kit.createPost(tokens.access_token, kit.ws);
      expect((await kit.readPost(narrowed.access_token, kit.ws, created.body.id as string)).status).to.equal(200);
      expect((await kit.createPost(narrowed.access_token, kit.ws)).status).to.equal(403);
    });

    it('tokenIntrospection of a live access token answers active with its client, person, workspace, scope, audience and times', async () => {
      const { tokens } = await kit.codeFlow(config);
      const now = Math.floor(Date.now() / 1000);
      const answer = await client.tokenIntrospection(config, tokens.access_token);
      expect(answer).to.include({
        active: true,
        client_id: WEB_CLIENT,
        sub: kit.userId,
        workspace_id: kit.ws,
        scope: SCOPE,
        aud: kit.issuer,
        iss: kit.issuer,
        token_type: 'Bearer',
      });
      expect(answer.iat).to.be.within(now - 5, now + 5);
      expect(answer.exp).to.equal(answer.iat! + 600);

      const refresh = await client.tokenIntrospection(config, tokens.refresh_token!);
      expect(refresh).to.include({ active: true, client_id: WEB_CLIENT, sub: kit.userId, workspace_id: kit.ws, scope: SCOPE, token_type: 'refresh_token' });
    });

    it('tokenRevocation of the refresh token: introspection then answers {"active": false} for it and its access token, and the API refuses the token', async () => {
      const { tokens } = await kit.codeFlow(config);
      expect((await client.tokenIntrospection(config, tokens.access_token)).active).to.equal(true);
      await client.tokenRevocation(config, tokens.refresh_token!, { token_type_hint: 'refresh_token' });

      expect({ ...(await client.tokenIntrospection(config, tokens.refresh_token!)) }).to.deep.equal({ active: false });
      expect({ ...(await client.tokenIntrospection(config, tokens.access_token)) }).to.deep.equal({ active: false });
      expect((await kit.createPost(tokens.access_token, kit.ws)).status).to.equal(401);
      expect(await refusal(client.refreshTokenGrant(config, tokens.refresh_token!))).to.equal('invalid_grant');
    });

    it('tokenRevocation of an access token ends it too, and revoking it again still answers 200', async () => {
      const { tokens } = await kit.codeFlow(config);
      await client.tokenRevocation(config, tokens.access_token, { token_type_hint: 'access_token' });
      expect({ ...(await client.tokenIntrospection(config, tokens.access_token)) }).to.deep.equal({ active: false });
      expect((await kit.createPost(tokens.access_token, kit.ws)).status).to.equal(401);
      await client.tokenRevocation(config, tokens.access_token);
    });
  });
}
