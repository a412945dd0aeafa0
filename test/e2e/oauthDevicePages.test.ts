import { expect } from 'chai';
import * as client from 'openid-client';
import { DEVICE_CLIENT, ChromiumPages } from '../support/oauthKit/chromium';

/**
 * The device flow's pages as a person uses them in headless Chromium (docs/decisions.md, "OAuth
 * server"): the device's link sends them to sign in first, the hint preselects a workspace, the
 * person picks their other one and unticks a scope, and the token the device then gets carries
 * exactly that; a denied code gives the device access_denied.
 */
describe('the device approval pages in headless Chromium', function () {
  this.timeout(60_000);
  let kit: ChromiumPages;

  before(async function () {
    kit = await ChromiumPages.start(this);
  });
  after(async () => {
    await kit?.close();
  });

  it('approves a device code for the second workspace with fewer scopes: the token carries exactly those', async () => {
    const device = await kit.startDevice(kit.home);

    const { context, page } = await kit.newPage();
    await page.goto(device.complete);
    expect(new URL(page.url()).pathname).to.equal('/signin');
    await kit.typeCredentials(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('CLI Agent wants access to your Dispatch workspace');
    expect(await page.locator('strong code').textContent()).to.equal(device.userCode);
    const home = page.getByRole('radio', { name: /Home/ });
    const team = page.getByRole('radio', { name: /Team/ });
    expect(await home.isChecked(), 'the hint preselects Home').to.equal(true);
    expect(await team.isChecked()).to.equal(false);
    const scopeBoxes = page.getByRole('checkbox');
    expect(await scopeBoxes.count()).to.equal(4);
    for (const box of await scopeBoxes.all()) expect(await box.isChecked()).to.equal(true);
    await kit.screenshot(page, 'device-approve');

    await team.check();
    await page.getByRole('checkbox', { name: /posts:write/ }).uncheck();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForLoadState();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Device approved');
    await kit.screenshot(page, 'device-approved');
    await context.close();

    const answer = await kit.pollDevice(device.deviceCode);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(answer.body.scope).to.equal('accounts:read media:write posts:read');
    const claims = await kit.verified(answer.body.access_token as string);
    expect(claims.workspace_id).to.equal(kit.team);
    expect(claims.scope).to.equal('accounts:read media:write posts:read');
    expect(claims.client_id).to.equal('cli-agent');
    // The token works on the API for Team, and only there.
    const auth = { Authorization: `Bearer ${answer.body.access_token as string}` };
    expect((await fetch(`${kit.baseUrl}/v1/workspaces/${kit.team}/posts`, { headers: auth })).status).to.equal(200);
    expect((await fetch(`${kit.baseUrl}/v1/workspaces/${kit.home}/posts`, { headers: auth })).status).to.be.oneOf([403, 404]);
  });

  it('denies a device code typed by hand (lower case, no dash): the device gets access_denied', async () => {
    const device = await kit.startDevice();
    const { context, page } = await kit.newPage();
    await page.goto(`${kit.baseUrl}/device`);
    await kit.typeCredentials(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Connect a device');
    await page.getByLabel('Code').fill(device.userCode.replace('-', '').toLowerCase());
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForLoadState();
    expect(await page.locator('strong code').textContent()).to.equal(device.userCode);
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForLoadState();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Request denied');
    await kit.screenshot(page, 'device-denied');

    const answer = await kit.pollDevice(device.deviceCode);
    expect(answer.status).to.equal(400);
    expect(answer.body.error).to.equal('access_denied');
    // The code is spent: looking it up again finds nothing to approve.
    await page.goto(device.complete);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Connect a device');
    expect(await page.getByRole('alert').isVisible()).to.equal(true);
    await context.close();
  });

  it('unticking every scope asks again on the same page; ticking one back approves', async () => {
    const device = await kit.startDevice();
    const { context, page } = await kit.newPage();
    await page.goto(device.complete);
    await kit.typeCredentials(page);
    for (const box of await page.getByRole('checkbox').all()) await box.uncheck();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForLoadState();
    expect(await page.getByRole('alert').textContent()).to.equal('keep at least one permission your role allows, or deny the request');
    await kit.screenshot(page, 'device-no-scope');
    expect((await kit.pollDevice(device.deviceCode)).body.error, 'nothing decided yet').to.equal('authorization_pending');
    await page.getByRole('checkbox', { name: /posts:read/ }).check();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForLoadState();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Device approved');
    await context.close();
  });

  it("a real device client (openid-client's own polling loop) gets its token once the person approves in the browser", async () => {
    const config = await client.discovery(new URL(kit.baseUrl), DEVICE_CLIENT, undefined, client.None(), {
      algorithm: 'oauth2',
      execute: [client.allowInsecureRequests],
    });
    const started = await client.initiateDeviceAuthorization(config, { scope: 'posts:read', workspace_id: kit.team });
    const polling = client.pollDeviceAuthorizationGrant(config, started);
    const { context, page } = await kit.newPage();
    await page.goto(started.verification_uri_complete!);
    await kit.typeCredentials(page);
    expect(await page.getByRole('radio', { name: /Team/ }).isChecked(), 'the hint preselects Team').to.equal(true);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForLoadState();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Device approved');
    await context.close();
    const tokens = await polling;
    expect(tokens.scope).to.equal('posts:read');
    expect((await kit.verified(tokens.access_token)).workspace_id).to.equal(kit.team);
  });
});
