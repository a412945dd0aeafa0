import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { type Scope } from '../../../domain/credential/Scope';
import { OTHER_OWNER_EMAIL, OWNER_EMAIL, PASSWORD } from '../data/people';
import { type TestApp } from '../testApp';
import { FormEndpoints } from './formEndpoints';
import { OAuthService } from './service';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = path.join(__dirname, '..', '..', '..', 'test-artifacts');

/** The scopes both test clients are registered for (an editor's role allows them all). */
export const CLIENT_SCOPES: readonly Scope[] = ['accounts:read', 'media:write', 'posts:read', 'posts:write'];
export const DEVICE_CLIENT = 'cli-agent';
export const WEB_CLIENT = 'web-app';

/**
 * The service's pages in headless Chromium: the kit's service (SQLite, BASE_URL its own
 * address), its web app's /callback the code flow's redirect URI, a device client and a web app
 * registered, and the person (OWNER_EMAIL) owning "Home" and an editor of "Team"
 * (docs/decisions.md, "OAuth server").
 */
export class ChromiumPages {
  private constructor(
    readonly service: OAuthService,
    private readonly browser: Browser,
    readonly home: string,
    readonly team: string,
  ) {}

  static async start(ctx: Mocha.Context): Promise<ChromiumPages> {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install it with "apt-get update && apt-get install -y chromium"`);
    const service = await OAuthService.start(ctx);
    const { t } = service;
    await t.given.user(OWNER_EMAIL);
    await t.given.user(OTHER_OWNER_EMAIL);
    const home = await t.given.workspace(OWNER_EMAIL, 'Home');
    const team = await t.given.workspace(OTHER_OWNER_EMAIL, 'Team');
    await t.given.member(team, OWNER_EMAIL, 'editor');
    await service.registerClient(DEVICE_CLIENT, { name: 'CLI Agent', scopes: CLIENT_SCOPES });
    await service.registerClient(WEB_CLIENT, {
      name: 'Web App',
      grants: ['authorization_code'],
      scopes: CLIENT_SCOPES,
      redirectUris: [service.webApp.redirectUri],
    });
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    return new ChromiumPages(service, browser, home, team);
  }

  get t(): TestApp {
    return this.service.t;
  }

  get baseUrl(): string {
    return this.service.baseUrl;
  }

  get redirectUri(): string {
    return this.service.webApp.redirectUri;
  }

  /** How many requests the web app has had (its redirect URI is the only page it serves). */
  get webAppRequests(): number {
    return this.service.webApp.requests;
  }

  /** A fresh browser (its own cookies) with one page open. */
  async newPage(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await this.browser.newContext();
    return { context, page: await context.newPage() };
  }

  /** Types the email and password into the sign-in page the browser is on, and submits. */
  async typeCredentials(page: Page, email = OWNER_EMAIL, password = PASSWORD): Promise<void> {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForLoadState();
  }

  async screenshot(page: Page, name: string): Promise<void> {
    mkdirSync(ARTIFACTS, { recursive: true });
    const file = path.join(ARTIFACTS, `oauth-${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    expect(existsSync(file)).to.equal(true);
  }

  /** The device's request (a workspace hinted, if given): the device code, the user code and where the person goes. */
  async startDevice(workspaceHint?: string): Promise<{ deviceCode: string; userCode: string; complete: string }> {
    const form: Record<string, string> = { client_id: DEVICE_CLIENT, scope: CLIENT_SCOPES.join(' ') };
    if (workspaceHint !== undefined) form.workspace_id = workspaceHint;
    const res = await this.service.form.post('/oauth/device/authorize').type('form').send(form);
    expect(res.status, res.text).to.equal(200);
    return { deviceCode: res.body.device_code, userCode: res.body.user_code, complete: res.body.verification_uri_complete };
  }

  /** One poll of the token endpoint by the device. */
  pollDevice(deviceCode: string) {
    return new FormEndpoints(this.service, DEVICE_CLIENT).poll(deviceCode);
  }

  /** An access token checked as the API's clients would: signature by the published keys, issuer, audience, typ. */
  async verified(accessToken: string): Promise<JWTPayload> {
    const keys = createRemoteJWKSet(new URL(`${this.baseUrl}/.well-known/jwks.json`));
    const { payload } = await jwtVerify(accessToken, keys, { issuer: this.baseUrl, typ: 'at+jwt', algorithms: ['ES256'] });
    return payload;
  }

  async close(): Promise<void> {
    await this.browser?.close();
    await this.service.stop();
  }
}
