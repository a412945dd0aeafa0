import { expect } from 'chai';
import * as client from 'openid-client';
import { ChromiumPages, WEB_CLIENT } from '../support/oauthKit/chromium';

/**
 * The code flow's consent page as a person uses it in headless Chromium (docs/decisions.md,
 * "OAuth server"): a web app (openid-client) sends the browser to /oauth/authorize, the person
 * signs in, chooses and approves, and the browser lands on the web app's own page with code,
 * state and iss; the web app redeems the code with its PKCE verifier.
 */
describe('the consent page of the code flow in headless Chromium', function () {
  this.timeout(60_000);
  let kit: ChromiumPages;
  let config: client.Configuration;

  before(async function () {
    kit = await ChromiumPages.start(this);
    config = await client.discovery(new URL(kit.baseUrl), WEB_CLIENT, undefined, client.None(), {
      algorithm: 'oauth2',
      execute: [client.allowInsecureRequests],
    });
  });
  after(async () => {
    await kit?.close();
  });

  async function authorizationUrl(scope: string) {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: kit.redirectUri,
      scope,
      state,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    return { url, verifier, state };
  }

  it('lands on the redirect URI with code, state and iss after consent; the code redeems with the verifier', async () => {
    const request = await authorizationUrl('posts:read posts:write media:write');
    const { context, page } = await kit.newPage();
    await page.goto(request.url.href);
    expect(new URL(page.url()).pathname).to.equal('/signin');
    await kit.typeCredentials(page);
    expect(new URL(page.url()).pathname).to.equal('/oauth/authorize');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Web App wants access to your Dispatch workspace');
    expect(await page.getByRole('checkbox').count(), 'only the requested scopes are offered').to.equal(3);
    await kit.screenshot(page, 'consent');

    await page.getByRole('radio', { name: /Team/ }).check();
    await page.getByRole('checkbox', { name: /media:write/ }).uncheck();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL((url) => url.pathname === '/callback', { timeout: 5000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Back at the web app');
    await kit.screenshot(page, 'consent-landed');

    const landed = new URL(page.url());
    expect(landed.origin + landed.pathname).to.equal(kit.redirectUri);
    expect(landed.searchParams.get('state')).to.equal(request.state);
    expect(landed.searchParams.get('iss')).to.equal(kit.baseUrl);
    expect(landed.searchParams.get('code')).to.be.a('string').and.not.equal('');
    await context.close();

    const tokens = await client.authorizationCodeGrant(config, landed, { pkceCodeVerifier: request.verifier, expectedState: request.state });
    expect(tokens.scope).to.equal('posts:read posts:write');
    const claims = await kit.verified(tokens.access_token);
    expect(claims.workspace_id).to.equal(kit.team);
    expect(claims.scope).to.equal('posts:read posts:write');
    expect(claims.client_id).to.equal(WEB_CLIENT);
  });

  it('lands on the redirect URI with error=access_denied when the person denies, and no code', async () => {
    const request = await authorizationUrl('posts:read');
    const { context, page } = await kit.newPage();
    await page.goto(request.url.href);
    await kit.typeCredentials(page);
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL((url) => url.pathname === '/callback', { timeout: 5000 });
    const landed = new URL(page.url());
    expect(landed.searchParams.get('error')).to.equal('access_denied');
    expect(landed.searchParams.get('state')).to.equal(request.state);
    expect(landed.searchParams.has('code')).to.equal(false);
    await context.close();
  });

  it('a signed-in person goes straight to the consent page, and a wrong verifier does not redeem the code', async () => {
    const { context, page } = await kit.newPage();
    await page.goto(`${kit.baseUrl}/signin`);
    await kit.typeCredentials(page);
    const request = await authorizationUrl('posts:read');
    await page.goto(request.url.href);
    expect(new URL(page.url()).pathname).to.equal('/oauth/authorize');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL((url) => url.pathname === '/callback', { timeout: 5000 });
    const landed = new URL(page.url());
    await context.close();
    const refused = await client
      .authorizationCodeGrant(config, landed, { pkceCodeVerifier: client.randomPKCECodeVerifier(), expectedState: request.state })
      .then(
        () => null,
        (error: unknown) => error as { error?: string },
      );
    expect(refused?.error).to.equal('invalid_grant');
  });

  it('unticking every scope asks again on the same page, saying why; keeping one lands on the web app', async () => {
    const request = await authorizationUrl('posts:read posts:write');
    const { context, page } = await kit.newPage();
    await page.goto(request.url.href);
    await kit.typeCredentials(page);
    for (const box of await page.getByRole('checkbox').all()) await box.uncheck();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForLoadState();
    expect(await page.getByRole('alert').textContent()).to.equal('keep at least one permission your role allows, or deny the request');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Web App wants access to your Dispatch workspace');
    await kit.screenshot(page, 'consent-no-scope');
    await page.getByRole('checkbox', { name: /posts:read/ }).check();
    await page.getByRole('checkbox', { name: /posts:write/ }).uncheck();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL((url) => url.pathname === '/callback', { timeout: 5000 });
    const tokens = await client.authorizationCodeGrant(config, new URL(page.url()), { pkceCodeVerifier: request.verifier, expectedState: request.state });
    expect(tokens.scope).to.equal('posts:read');
    await context.close();
  });

  it('shows a page, and sends the browser nowhere, for a redirect URI that is not registered', async () => {
    const request = await authorizationUrl('posts:read');
    request.url.searchParams.set('redirect_uri', `${kit.redirectUri}/`);
    const { context, page } = await kit.newPage();
    const before = kit.webAppRequests;
    const response = await page.goto(request.url.href);
    expect(response?.status()).to.equal(400);
    expect(new URL(page.url()).origin).to.equal(kit.baseUrl);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('This request cannot go on');
    await kit.screenshot(page, 'authorize-error');
    expect(kit.webAppRequests).to.equal(before);
    await context.close();
  });
});
