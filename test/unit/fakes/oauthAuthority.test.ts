import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { type FakeCall } from '../../support/fakes/kit/fakeCall';
import { liveTokenOf, type OAuthGrants } from '../../support/fakes/kit/oauthGrants';
import { DemoFake, UNAUTHORIZED } from './demoFake';

describe('OAuthAuthority: the authorization server part, configured per platform', () => {
  let fake: DemoFake;
  const verifier = 'v'.repeat(43);
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorize = `https://x.example/i/oauth2/authorize?response_type=code&client_id=demo-client&redirect_uri=https%3A%2F%2Fd.example%2Fcb&scope=tweet.read%20users.read&state=s1&code_challenge=${challenge}&code_challenge_method=S256`;
  const basic = `Basic ${Buffer.from('demo-client:demo-secret').toString('base64')}`;
  const token = (form: Record<string, string>, authorization = basic) =>
    fetch(`${fake.baseUrl}/2/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });

  beforeEach(async () => {
    fake = await DemoFake.start();
  });
  afterEach(() => fake.stop());

  it('consent checks the authorize URL (PKCE required here) and hands back a code for its redirect URI and state', () => {
    expect(fake.consent(authorize)).to.deep.include({ state: 's1', redirectUri: 'https://d.example/cb' });
    expect(() => fake.consent(authorize.replace(/&code_challenge_method=S256/, ''))).to.throw(/lacks code_challenge_method/);
    expect(() => fake.consent(authorize.replace('demo-client', 'other'))).to.throw(/unknown client_id/);
  });

  it('a code is good once, with its verifier and Basic client credentials; the tokens carry the scopes asked for', async () => {
    const { code } = fake.consent(authorize);
    const exchange = { grant_type: 'authorization_code', code, redirect_uri: 'https://d.example/cb', code_verifier: verifier };
    expect((await token(exchange, 'Basic d3Jvbmc6d3Jvbmc=')).status).to.equal(401);
    expect(await (await token({ ...exchange, code_verifier: 'x'.repeat(43) })).json()).to.deep.equal({ error: 'invalid_grant', error_description: 'verifier' });
    const tokens = (await (await token(exchange)).json()) as { access_token: string; refresh_token: string; scope: string };
    expect(tokens.scope).to.equal('tweet.read users.read');
    expect((await token(exchange)).status).to.equal(400);
    const me = await fetch(`${fake.baseUrl}/2/users/me`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
    expect(me.status).to.equal(200);
    fake.expectNoViolations();
  });

  it('refresh tokens rotate (the used one refused after), and revocation forgets a token', async () => {
    const { accessToken, refreshToken } = fake.state.issueTokens('u1', ['tweet.read']);
    const renewed = (await (await token({ grant_type: 'refresh_token', refresh_token: refreshToken })).json()) as { refresh_token: string };
    expect(renewed.refresh_token).to.not.equal(refreshToken);
    expect((await token({ grant_type: 'refresh_token', refresh_token: refreshToken })).status).to.equal(400);
    const revoke = await fetch(`${fake.baseUrl}/2/oauth2/revoke`, {
      method: 'POST',
      headers: { Authorization: basic },
      body: new URLSearchParams({ token: accessToken }),
    });
    expect(revoke.status).to.equal(200);
    expect(fake.state.revoked).to.deep.equal([accessToken]);
    expect(fake.state.accessTokens.has(accessToken)).to.equal(false);
  });

  it('liveTokenOf: the live token a call carries, or the platform’s 401 answered', () => {
    const sent: unknown[] = [];
    const call = (authorization: string) =>
      ({ state: fake.state, request: { headers: { authorization } }, send: (a: unknown) => sent.push(a) }) as unknown as FakeCall<OAuthGrants>;
    const { accessToken } = fake.state.issueTokens('u1', ['tweet.read']);
    expect(liveTokenOf(call(`Bearer ${accessToken}`), UNAUTHORIZED)).to.deep.include({ userId: 'u1' });
    fake.state.expire(accessToken);
    expect(liveTokenOf(call(`Bearer ${accessToken}`), UNAUTHORIZED)).to.equal(null);
    expect(sent).to.deep.equal([UNAUTHORIZED]);
  });
});
